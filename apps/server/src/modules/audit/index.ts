export { type AuditInput, recordAudit, redact } from './audit.service';
