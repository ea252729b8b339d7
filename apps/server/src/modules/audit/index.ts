export { auditRoutes } from './audit.routes';
export { type AuditInput, recordAudit, redact } from './audit.service';
