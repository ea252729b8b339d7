import { PageHeader } from '../../components/page-header';
import { ReportsView } from '../../features/reports/reports-view';

/** 'Reportes y Analytics': custody, discounts and measured performance, with charts and exports. */
export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reportes y Analytics" subtitle="Cifras de su cartera y del rendimiento medido del sistema" />
      <ReportsView />
    </>
  );
}
