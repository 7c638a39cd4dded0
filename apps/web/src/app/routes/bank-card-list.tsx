import type { RouteDef } from '@/config/routes';
import { MethodListPage } from './method-list-page';

/** /mine/bank-card-list (docs/product.md §2, login, real accounts). */
export default function BankCardListPage({ route }: { route: RouteDef }) {
  return <MethodListPage route={route} type={2} />;
}
