import type { TradePair } from '@pipwise/shared';
import { DownFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pairSymbol, useInstrumentName } from '@/lib/instrument-name';
import styles from './trade-header.module.css';

interface Props {
  pair: TradePair;
  /**
   * The price line (TradeQuote): the page binds its figures to the pair's quote, so a tick
   * redraws those figures and not the header (docs/benchmarks.md "Live rendering").
   */
  quote: ReactNode;
  /** The pair's logo (the page passes the markets' component). */
  logo: ReactNode;
  onOpenPicker: () => void;
  /** Shown at the end of the top line (the account kind and the connection badges). */
  extra?: ReactNode;
}

/**
 * Pair button (opens the drawer) with the symbol and the instrument's name, then the live
 * price line (docs/product.md §2).
 */
export function TradeHeader({ pair, quote, logo, onOpenPicker, extra }: Props) {
  const { t } = useTranslation();
  const nameOf = useInstrumentName();
  const name = nameOf(pair);
  return (
    <header className={styles.header} data-testid="trade-header">
      <div className={styles.top}>
        <button
          type="button"
          className={styles.pairButton}
          onClick={onOpenPicker}
          data-testid="pair-button"
          aria-haspopup="dialog"
        >
          {/* Named by what it shows, after what it does: "Choose an instrument: BTC/USD Bitcoin". */}
          <span className="pw-sr-only">{t('trading.select_pair')}: </span>
          {logo}
          <span className={styles.title}>
            <span className={styles.code}>
              {pairSymbol(pair)}
              <DownFill className={styles.caret} aria-hidden />
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
      {quote}
    </header>
  );
}

/** The figures of the price line, each a live leaf the page binds to the pair's quote. */
export interface QuoteFigures {
  price: ReactNode;
  change: ReactNode;
  bid: ReactNode;
  ask: ReactNode;
  spread: ReactNode;
}

/**
 * The last price with the day's change, then bid, ask and spread. This renders the line;
 * the figures in it draw their own ticks (the page's live leaves), so it renders again
 * only when the day's change turns up or down or the market opens or closes.
 */
export function TradeQuote({
  figures,
  trend,
  open,
  action,
}: {
  figures: QuoteFigures;
  /** The sign of the day's change: colours the price and the change. */
  trend: number;
  open: boolean;
  /** At the end of the price line (the price alerts' bell). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const tone = trend > 0 ? styles.up : trend < 0 ? styles.down : '';
  const sides: [string, ReactNode, string?][] = [
    [t('trading.bid'), figures.bid, 'trade-bid'],
    [t('trading.ask'), figures.ask, 'trade-ask'],
    [t('trading.spread'), figures.spread],
  ];
  return (
    <>
      <div className={styles.priceLine}>
        <span className={`pw-num ${styles.price} ${tone}`} data-testid="trade-price">
          {figures.price}
        </span>
        {open ? (
          <span className={`pw-num ${styles.change} ${tone}`} title={t('home.window_hint')}>
            {figures.change}
          </span>
        ) : (
          <span className={styles.closed} data-testid="market-closed">
            {t('common.closed')}
          </span>
        )}
        {action ? <span className={styles.action}>{action}</span> : null}
      </div>
      <dl className={styles.sides}>
        {sides.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="pw-num" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
