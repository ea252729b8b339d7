import { PageHeader } from '../../components/page-header';

/** 'Auditoría': placeholder until its feature lands (src/features/ + this page). */
export function AuditPage() {
  return <PageHeader title="Auditoría" />;
}
