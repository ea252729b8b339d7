import { PageHeader } from '../../components/page-header';

/** 'Dashboard': placeholder until its feature lands (src/features/ + this page). */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
