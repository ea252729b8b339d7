export { healthRoutes } from './health.routes';
export { systemRoutes } from './system.routes';
