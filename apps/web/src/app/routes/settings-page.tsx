import { PageHeader } from '../../components/page-header';

/** 'Configuración': placeholder until its feature lands (src/features/ + this page). */
export function SettingsPage() {
  return <PageHeader title="Configuración" />;
}
