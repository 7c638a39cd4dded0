import type { TradePair } from '@pipwise/shared';
import { DownFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPrice } from '@/lib/format';
import { pairSymbol, useInstrumentName } from '@/lib/instrument-name';
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
  /** Shown at the end of the top line (the account kind and the connection badges). */
  extra?: ReactNode;
}

/**
 * Pair button (opens the drawer) with the symbol and the instrument's name, the last price
 * with the day's change, then bid, ask and spread (docs/product.md §2).
 */
export function TradeHeader({ pair, quote, logo, onOpenPicker, extra }: Props) {
  const { t } = useTranslation();
  const nameOf = useInstrumentName();
  const trend = quote.change > 0 ? styles.up : quote.change < 0 ? styles.down : '';
  const p = pair.PricePrecision;
  const name = nameOf(pair);
  const sides: [string, number, string?][] = [
    [t('trading.bid'), quote.bid, 'trade-bid'],
    [t('trading.ask'), quote.ask, 'trade-ask'],
    [t('trading.spread'), Math.max(quote.ask - quote.bid, 0)],
  ];
  return (
    <header className={styles.header} data-testid="trade-header">
      <div className={styles.top}>
        <button
          type="button"
          className={styles.pairButton}
          onClick={onOpenPicker}
          data-testid="pair-button"
          aria-haspopup="dialog"
          aria-label={`${t('trading.select_pair')}: ${pairSymbol(pair)}${name ? ` · ${name}` : ''}`}
        >
          {logo}
          <span className={styles.title}>
            <span className={styles.code}>
              {pairSymbol(pair)}
              <DownFill className={styles.caret} />
            </span>
            {name ? (
              <span className={styles.name} data-testid="trade-name">
                {name}
              </span>
            ) : null}
          </span>
        </button>
        <span className={styles.extra}>{extra}</span>
      </div>
      <div className={styles.priceLine}>
        <span className={`pw-num ${styles.price} ${trend}`} data-testid="trade-price">
          {formatPrice(quote.bid, p)}
        </span>
        {quote.open ? (
          <span className={`pw-num ${styles.change} ${trend}`} title={t('home.window_hint')}>
            {formatPercent(quote.change)}
          </span>
        ) : (
          <span className={styles.closed} data-testid="market-closed">
            {t('common.closed')}
          </span>
        )}
      </div>
      <dl className={styles.sides}>
        {sides.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="pw-num" data-testid={testId}>
              {formatPrice(value, p)}
            </dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
