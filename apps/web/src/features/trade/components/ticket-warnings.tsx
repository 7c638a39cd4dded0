import type { TicketMarket } from '@pipwise/shared';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { formatPrice } from '@/lib/format';
import { formatRatio } from '@/lib/format-money';
import type { TicketWarning } from '../utils/submit-guard';
import type { TicketView } from '../utils/ticket-view';
import styles from './order-form.module.css';

interface Props {
  warnings: readonly TicketWarning[];
  view: TicketView | null;
  market: Pick<TicketMarket, 'stopOutLevel' | 'marginCallLevel'> | null;
  side: 'buy' | 'sell';
  precision: number;
}

/**
 * The warnings above the submit (docs/money.md "The order ticket"): stale prices (trading
 * pauses), a margin level after the trade at the margin-call or stop-out level, a stop-loss
 * the spread already reaches, a stop on the wrong side of the entry.
 */
export function TicketWarnings({ warnings, view, market, side, precision }: Props) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  const level = isolate(formatRatio(view?.figures.marginLevelAfter?.toNumber()));
  const entry = view ? formatPrice(view.entry.toNumber(), precision) : '--';
  const text = (warning: TicketWarning): string => {
    switch (warning) {
      case 'stale':
        return t('connection.prices_stale');
      case 'stop_out':
        return t('ticket.warn.stop_out', { level, stop: isolate(formatRatio(Number(market?.stopOutLevel))) });
      case 'margin_call':
        return t('ticket.warn.margin_call', {
          level,
          call: isolate(formatRatio(Number(market?.marginCallLevel))),
        });
      case 'sl_inside_spread':
        return t('ticket.warn.sl_inside_spread');
      case 'tp_wrong_side':
        return t('errors.tp_wrong_side', { context: side, price: isolate(entry) });
      case 'sl_wrong_side':
        return t('errors.sl_wrong_side', { context: side, price: isolate(entry) });
    }
  };
  return (
    <div className={styles.warnings} data-testid="ticket-warnings">
      {warnings.map((warning) => (
        <p
          key={warning}
          className={`${styles.notice} ${warning === 'stop_out' || warning.endsWith('wrong_side') ? styles.short : ''}`}
          role={warning === 'stale' ? 'status' : 'alert'}
          // The stale notice keeps the id and test id the submit and the tests point at.
          id={warning === 'stale' ? 'prices-stale' : `ticket-warning-${warning}`}
          data-testid={warning === 'stale' ? 'prices-stale' : `ticket-warning-${warning}`}
        >
          <ExclamationCircleFill />
          <span>{text(warning)}</span>
        </p>
      ))}
    </div>
  );
}
