import type { RouteDef } from '@/config/routes';
import { MethodListPage } from './method-list-page';

/** /mine/coin-address-list (docs/product.md §2, login, real accounts). */
export default function CoinAddressListPage({ route }: { route: RouteDef }) {
  return <MethodListPage route={route} type={1} />;
}
