import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { BindMethodForm, parseBindType } from '@/features/funds/components/bind-method-form';
import { useBindReturn } from '@/features/funds/hooks/use-bind-return';
import styles from './page.module.css';
import body from './funds-page.module.css';

/**
 * /mine/withdraw-way?type=1|2 (docs/product.md §2, login, real accounts): bind a coin address (1) or a
 * bank account (2). Done, it goes back where the trader came from — the withdraw form with
 * the new account chosen, a list — or to the list of that type when opened directly.
 */
export default function WithdrawWayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = parseBindType(params.get('type'));
  const { currencyId, fallback, done } = useBindReturn(type);
  return (
    <div className={styles.page} data-testid="withdraw-way-page" data-type={type}>
      <PageNav
        title={type === 1 ? t('funds.bind_coin_title') : t('funds.bind_bank_title')}
        fallback={fallback}
      />
      <RealAccountGate>
        <div className={body.body}>
          <BindMethodForm key={type} type={type} initialCurrencyId={currencyId} onDone={done} />
        </div>
      </RealAccountGate>
    </div>
  );
}
