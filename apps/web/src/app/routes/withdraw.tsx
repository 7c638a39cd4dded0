import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import type { DrawKind } from '@/features/funds/api/get-draw-symbols';
import {
  parseWithdrawTab,
  WithdrawBoard,
  type WithdrawTab,
} from '@/features/funds/components/withdraw-board';
import { invalidateAccount } from '@/lib/account-figures';
import styles from './page.module.css';

/**
 * /mine/withdraw (docs/product.md §2, login, real accounts): `?tab=records` shows the records, of
 * `?type=` 1 coin or 2 bank. A request holds money: the account figures are refreshed.
 */
export default function WithdrawPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = parseWithdrawTab(params.get('tab'));
  const recordsType: DrawKind = params.get('type') === '2' ? 2 : 1;
  const onTab = (next: WithdrawTab) =>
    setParams(next === 'records' ? { tab: next, type: String(recordsType) } : {}, { replace: true });
  const onSubmitted = (type: DrawKind) => {
    void invalidateAccount(queryClient);
    setParams({ tab: 'records', type: String(type) }, { replace: true });
  };
  return (
    <div className={styles.page} data-testid="withdraw-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        <WithdrawBoard tab={tab} recordsType={recordsType} onTab={onTab} onSubmitted={onSubmitted} />
      </RealAccountGate>
    </div>
  );
}
