import { useAuth } from '../../features/auth/auth-context';
import { DiscountsView } from '../../features/discounts/discounts-view';

/** 'Descuentos de ECHEQs': discount requests and their decisions, as the signed-in role allows. */
export function DiscountsPage() {
  const { user } = useAuth();
  return <DiscountsView role={user?.role} confirmed={user?.confirmed ?? true} />;
}
