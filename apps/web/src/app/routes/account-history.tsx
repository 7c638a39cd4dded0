import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES } from '@/config/routes';
import { AccountLogList } from '@/features/account/components/account-log-list';
import { StatementAction } from '@/features/statements/components/statement-action';
import styles from './page.module.css';

/** /mine/history (docs/product.md §2, login): the account log, with the statement download. */
export default function AccountHistoryPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="account-history-page">
      <PageNav title={t('route.history')} fallback={ROUTES.user.path} right={<StatementAction />} />
      <AccountLogList />
    </div>
  );
}
