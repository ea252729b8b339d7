import { PageHeader } from '../../components/page-header';

/** 'Descuentos de ECHEQs': placeholder until its feature lands (src/features/ + this page). */
export function DiscountsPage() {
  return <PageHeader title="Descuentos de ECHEQs" />;
}
