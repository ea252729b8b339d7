import { PageHeader } from '../../components/page-header';

/** 'Gestión de ECHEQs': placeholder until its feature lands (src/features/ + this page). */
export function EcheqsPage() {
  return <PageHeader title="Gestión de ECHEQs" />;
}
