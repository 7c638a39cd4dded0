import type { TradePair } from '@pipwise/shared';
import { DownFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPrice } from '@/lib/format';
import styles from './trade-header.module.css';

export interface HeaderQuote {
  bid: number;
  ask: number;
  change: number;
  open: boolean;
}

interface Props {
  pair: TradePair;
  quote: HeaderQuote;
  /** The pair's logo (the page passes the markets' component). */
  logo: ReactNode;
  onOpenPicker: () => void;
  /** Shown at the end of the top line (the live badge). */
  extra?: ReactNode;
}

/** Pair button (opens the drawer), last price with its change, bid and ask (spec §2). */
export function TradeHeader({ pair, quote, logo, onOpenPicker, extra }: Props) {
  const { t } = useTranslation();
  const trend = quote.change > 0 ? styles.up : quote.change < 0 ? styles.down : '';
  const p = pair.PricePrecision;
  return (
    <header className={styles.header} data-testid="trade-header">
      <div className={styles.top}>
        <button
          type="button"
          className={styles.pairButton}
          onClick={onOpenPicker}
          data-testid="pair-button"
          aria-haspopup="dialog"
          aria-label={t('trading.select_pair')}
        >
          {logo}
          <span className={styles.code}>{pair.ShowCode || pair.Code}</span>
          <DownFill className={styles.caret} />
        </button>
        {extra}
      </div>
      <div className={styles.priceLine}>
        <span className={`pw-num ${styles.price} ${trend}`} data-testid="trade-price">
          {formatPrice(quote.bid, p)}
        </span>
        {quote.open ? (
          <span className={`pw-num ${styles.change} ${trend}`}>{formatPercent(quote.change)}</span>
        ) : (
          <span className={styles.closed} data-testid="market-closed">
            {t('common.closed')}
          </span>
        )}
      </div>
      <dl className={styles.sides}>
        <div>
          <dt>{t('trading.bid')}</dt>
          <dd className="pw-num" data-testid="trade-bid">
            {formatPrice(quote.bid, p)}
          </dd>
        </div>
        <div>
          <dt>{t('trading.ask')}</dt>
          <dd className="pw-num" data-testid="trade-ask">
            {formatPrice(quote.ask, p)}
          </dd>
        </div>
        <div>
          <dt>{t('trading.spread')}</dt>
          <dd className="pw-num">{formatPrice(Math.max(quote.ask - quote.bid, 0), p)}</dd>
        </div>
      </dl>
    </header>
  );
}
