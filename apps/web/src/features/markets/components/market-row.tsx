import type { TradePair } from '@pipwise/shared';
import { memo } from 'react';
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
 * One pair. Memoised on the pair object (kept stable by the query cache's structural
 * sharing), so a push re-renders only the rows whose own quote changed.
 */
export const MarketRow = memo(function MarketRow({ pair, onSelect }: Props) {
  const quote = useLiveQuote(pair.Code) ?? listQuote(pair);
  const secondary = pair.Code !== pair.ShowCode ? pair.Code : `${pair.BaseCurrency} · ${pair.QuoteCurrency}`;
  return (
    <button
      type="button"
      className={styles.row}
      data-testid="market-row"
      data-code={pair.Code}
      onClick={() => onSelect(pair)}
    >
      <PairLogo logo={pair.Logo} label={pair.ShowCode || pair.Code} />
      <span className={styles.name}>
        <span className={styles.code}>{pair.ShowCode || pair.Code}</span>
        <span className={styles.sub}>{secondary}</span>
      </span>
      <Sparkline className={styles.chart} pairId={pair.Id} last={quote.Close} />
      <MarketQuote quote={quote} precision={pair.PricePrecision} />
    </button>
  );
});
