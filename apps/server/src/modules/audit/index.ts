export { auditRoutes } from './audit.routes';
export { type AuditInput, auditRow, recordAudit, redact } from './audit.service';
