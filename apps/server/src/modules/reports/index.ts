/** Reports: a read model over the book (custody, discounts) and the measured performance; /metrics. */
export { metricsRoute } from './metrics.route';
export { reportsRoutes } from './reports.routes';
