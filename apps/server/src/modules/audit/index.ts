export { auditRoutes } from './audit.routes';
export { auditRow, recordAudit } from './audit.service';
