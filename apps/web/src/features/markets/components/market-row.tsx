import type { TradePair } from '@pipwise/shared';
import { memo } from 'react';
import { pairSymbol, useInstrumentName } from '@/lib/instrument-name';
import { usePricesStale } from '../hooks/use-prices-stale';
import { maxQuoteAgeOf } from '../store/price-staleness';
import { useLiveQuote, type LiveQuote } from '../store/quotes-store';
import { MarketQuote } from './market-quote';
import { PairLogo } from './pair-logo';
import { Sparkline } from './sparkline';
import styles from './market-row.module.css';

interface Props {
  pair: TradePair;
  onSelect: (pair: TradePair) => void;
}

function listQuote(pair: TradePair): LiveQuote {
  const q = pair.ForexQuotations;
  return {
    Bid: q.Bid,
    Ask: q.Ask,
    Close: q.Close,
    Change: q.Change,
    MarketStatus: pair.MarketStatus,
    Time: q.Time,
  };
}

/**
 * One pair: the short symbol (EUR/USD, US30) and, under it and the sparkline, the
 * instrument's name in the reader's language on up to two lines, so no name is cut.
 * Memoised on the pair object (kept stable by the query cache's structural sharing), so a
 * push re-renders only the rows whose own quote changed. While its market is open but no
 * fresh quote came for the pair's `MaxQuoteAge`, the price is greyed and marked "not live"
 * (store/price-staleness.ts), until the next quote.
 */
export const MarketRow = memo(function MarketRow({ pair, onSelect }: Props) {
  const quote = useLiveQuote(pair.Code) ?? listQuote(pair);
  const stale = usePricesStale(pair.Code, quote.MarketStatus === 1, maxQuoteAgeOf(pair));
  const nameOf = useInstrumentName();
  const symbol = pairSymbol(pair);
  const name = nameOf(pair) || `${pair.BaseCurrency} · ${pair.QuoteCurrency}`;
  return (
    <button
      type="button"
      className={styles.row}
      data-testid="market-row"
      data-code={pair.Code}
      data-live={stale ? 'stale' : 'live'}
      onClick={() => onSelect(pair)}
    >
      <span className={styles.logo}>
        <PairLogo logo={pair.Logo} label={symbol} />
      </span>
      <span className={styles.code}>{symbol}</span>
      <span className={styles.sub} data-testid="market-name">
        {name}
      </span>
      <Sparkline className={styles.chart} pairId={pair.Id} last={quote.Close} />
      <MarketQuote quote={quote} precision={pair.PricePrecision} stale={stale} />
    </button>
  );
});
