import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { DiscountsView } from '../../features/discounts/discounts-view';

/** 'Descuentos de ECHEQs': discount requests and their decisions, as the signed-in role allows. */
export function DiscountsPage() {
  const { user } = useAuth();
  const search = useSearchParams()[0].get('search') ?? '';
  return <DiscountsView key={search} role={user?.role} confirmed={user?.confirmed ?? true} initialSearch={search} />;
}
