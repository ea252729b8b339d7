import { PageHeader } from '../../components/page-header';

/** 'Reportes y Analytics': placeholder until its feature lands (src/features/ + this page). */
export function ReportsPage() {
  return <PageHeader title="Reportes y Analytics" />;
}
