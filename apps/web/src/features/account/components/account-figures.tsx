import { useTranslation } from 'react-i18next';
import { useAccountFigures } from '@/lib/account-figures';
import { formatMoney, formatRatio, trendOf } from '@/lib/format-money';
import { HIDDEN_AMOUNT } from '../store/balance-visibility';
import styles from './account-figures.module.css';

interface Props {
  /** Digits replaced by stars (the eye toggle). */
  hidden?: boolean;
  /** Figures shown elsewhere on the page (big above this grid). */
  omit?: readonly ('balance' | 'floating_profit')[];
}

/**
 * The live account figures of docs/money.md (spec labels: net value, prepayment, usable
 * prepayment, prepayment ratio, risk rate), from the one live copy of the account's
 * figures (lib/account-figures.ts: forexDetail, then every FOREX_TRADE push).
 * Summaries show 2 decimals (docs/product.md §9).
 */
export function AccountFigures({ hidden = false, omit = [] }: Props) {
  const { t } = useTranslation();
  const detail = useAccountFigures();
  const f = detail.data;
  const money = (v: number | undefined) => (hidden ? HIDDEN_AMOUNT : formatMoney(v));
  const open = (f?.margin ?? 0) > 0;
  const items: { key: string; label: string; value: string; className?: string }[] = [
    { key: 'balance', label: t('mine.balance'), value: money(f?.balance) },
    { key: 'equity', label: t('mine.equity'), value: money(f?.equity) },
    { key: 'margin', label: t('mine.margin'), value: money(f?.margin) },
    { key: 'free_margin', label: t('mine.free_margin'), value: money(f?.free_margin) },
    {
      key: 'floating_profit',
      label: t('mine.floating_profit'),
      value: hidden ? HIDDEN_AMOUNT : formatMoney(f?.floating_profit, { signed: true }),
      className: hidden ? '' : styles[trendOf(f?.floating_profit)],
    },
    // With no open position the ratios are undefined (the API sends 0): a dash, not "0%".
    { key: 'margin_level', label: t('mine.margin_level'), value: open ? formatRatio(f?.margin_level) : '--' },
    {
      key: 'risk_rate',
      label: t('mine.risk_rate'),
      value: open ? formatRatio(f?.risk_rate) : '--',
      className: open && (f?.risk_rate ?? 0) >= 100 ? styles.down : '',
    },
  ];
  const shown = items.filter((item) => !(omit as readonly string[]).includes(item.key));
  return (
    <dl className={styles.grid} data-testid="account-figures" aria-busy={detail.isPending}>
      {shown.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd className={`pw-num ${item.className ?? ''}`} data-testid={`figure-${item.key}`}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
