import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPrice } from '@/lib/format';
import type { LiveQuote } from '../store/quotes-store';
import styles from './market-quote.module.css';

interface Props {
  quote: LiveQuote;
  precision: number;
  /** The market is open but its price is not live (no fresh quote for its MaxQuoteAge). */
  stale?: boolean;
}

type Flash = { dir: 'up' | 'down'; n: number };

/**
 * The price and change cells of a row. When the price moves it flashes green or red
 * for a moment: the flash is a CSS animation restarted by changing the element's key,
 * so no timer has to be cleaned up. A price that is not live is greyed, and the change
 * cell says "Not live" instead of a change that may no longer be true.
 */
export function MarketQuote({ quote, precision, stale = false }: Props) {
  const { t } = useTranslation();
  const [last, setLast] = useState(quote.Close);
  const [flash, setFlash] = useState<Flash | null>(null);
  if (quote.Close !== last) {
    // Adjusting state while rendering (React's pattern for "derive from a changed prop").
    setFlash({ dir: quote.Close > last ? 'up' : 'down', n: (flash?.n ?? 0) + 1 });
    setLast(quote.Close);
  }

  const closed = quote.MarketStatus === 0;
  const trend = quote.Change > 0 ? styles.up : quote.Change < 0 ? styles.down : styles.flat;
  return (
    <>
      <span
        key={flash?.n ?? 0}
        className={`pw-num ${styles.price} ${flash && !stale ? styles[`flash_${flash.dir}`] : ''} ${closed ? styles.muted : ''} ${stale ? styles.stale : ''}`}
        data-testid="market-price"
      >
        {formatPrice(quote.Close, precision)}
      </span>
      {closed ? (
        <span className={`${styles.pill} ${styles.closed}`}>{t('common.closed')}</span>
      ) : stale ? (
        <span
          className={`${styles.pill} ${styles.notLive}`}
          title={t('home.not_live_hint')}
          data-testid="market-not-live"
        >
          <span className={styles.dot} aria-hidden />
          {t('home.not_live')}
        </span>
      ) : (
        <span className={`pw-num ${styles.pill} ${trend}`}>{formatPercent(quote.Change)}</span>
      )}
    </>
  );
}
