import { useTranslation } from 'react-i18next';
import { swapTermsOf, type SwapFields } from '@/lib/ticket-account';
import { rateTone, swapRateText, tripleDayText } from '../utils/swap-text';
import styles from './swap-terms.module.css';

/**
 * The instrument's overnight financing (docs/money.md "Overnight financing (swap)"), as the
 * operator set it: the rate a buy and a sell pay or earn each night, in points per lot or
 * percent a year of the position's value, and the rollover that counts three nights. Shown
 * on the instrument's screen under the order form; nothing when the pair carries no terms.
 * A swap-free account (its trading group's, docs/trading-groups.md) is told it pays and
 * earns none instead of the rates.
 */
export function SwapTerms({ pair, swapFree = false }: { pair: SwapFields; swapFree?: boolean }) {
  const { t } = useTranslation();
  const terms = swapTermsOf(pair);
  if (!terms) return null;
  if (swapFree) {
    return (
      <section
        className={styles.terms}
        aria-labelledby="swap-terms-title"
        data-testid="swap-terms"
        data-swap-free="true"
      >
        <h3 className={styles.title} id="swap-terms-title">
          {t('ticket.swap.title')}
        </h3>
        <p className={styles.hint} data-testid="swap-free">
          {t('ticket.swap.free')}
        </p>
      </section>
    );
  }
  const rows: [string, string, string, string?][] = [
    [
      t('ticket.swap.long'),
      swapRateText(t, String(terms.long), terms.unit),
      'swap-long',
      rateTone(String(terms.long)),
    ],
    [
      t('ticket.swap.short'),
      swapRateText(t, String(terms.short), terms.unit),
      'swap-short',
      rateTone(String(terms.short)),
    ],
    [t('ticket.swap.triple'), tripleDayText(t, terms.tripleDay), 'swap-triple'],
  ];
  return (
    <section
      className={styles.terms}
      aria-labelledby="swap-terms-title"
      data-testid="swap-terms"
      data-unit={terms.unit}
    >
      <h3 className={styles.title} id="swap-terms-title">
        {t('ticket.swap.title')}
      </h3>
      <dl className={styles.list}>
        {rows.map(([label, value, testId, tone]) => (
          <div key={testId} className={styles.row}>
            <dt>{label}</dt>
            <dd className={tone ? styles[tone] : undefined}>
              {/* A phrase in the page's direction, its figure isolated in it (lib/bidi.ts). */}
              <span data-testid={testId}>{value}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.hint}>
        {t(terms.unit === 'points' ? 'ticket.swap.hint_points' : 'ticket.swap.hint_percent')}
      </p>
    </section>
  );
}
