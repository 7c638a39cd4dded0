import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAccountFigures } from '@/lib/account-figures';
import { formatMoney } from '@/lib/format-money';
import { HIDDEN_AMOUNT, setBalanceHidden, useBalanceHidden } from '../store/balance-visibility';
import { AccountFigures } from './account-figures';
import styles from './balance-card.module.css';

/**
 * The /user balance (docs/product.md §2): 2 decimals, an eye toggle that hides every amount and is
 * remembered on this device, what withdrawals hold, and the live account figures under it —
 * all from the one live copy of the account's figures (lib/account-figures.ts), so the
 * balance, the held amount and the free margin move together.
 */
export function BalanceCard() {
  const { t } = useTranslation();
  const hidden = useBalanceHidden();
  const figures = useAccountFigures();
  const balance = figures.data?.balance;
  const held = figures.data?.lock_balance ?? 0;
  return (
    <section className={styles.card} data-testid="balance-card">
      <div className={styles.head}>
        <span className={styles.label}>
          {t('mine.total_balance')} ({t('common.currency')})
        </span>
        <button
          type="button"
          className={styles.eye}
          onClick={() => setBalanceHidden(!hidden)}
          aria-label={t(hidden ? 'mine.show_balance' : 'mine.hide_balance')}
          aria-pressed={hidden}
          data-testid="balance-eye"
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className={styles.balance}>
        <span className="pw-num" data-testid="balance-value">
          {hidden ? HIDDEN_AMOUNT : formatMoney(balance)}
        </span>
      </div>
      {held > 0 ? (
        <div className={styles.held} data-testid="balance-held">
          {t('mine.lock_balance')}{' '}
          <span className="pw-num" data-testid="balance-held-value">
            {hidden ? HIDDEN_AMOUNT : formatMoney(held)}
          </span>
        </div>
      ) : null}
      <AccountFigures hidden={hidden} omit={['balance']} />
    </section>
  );
}
