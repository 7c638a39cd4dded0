import type { PriceAlert } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';

/** Whether an alert waits for the bid to rise (above, or a move up). */
export function rising(alert: Pick<PriceAlert, 'direction'>): boolean {
  return alert.direction === 'above' || alert.direction === 'up';
}

/** "▲ 0.50 % within 1 hour": a move alert in a list, in the reader's language. */
export function MoveSummary({ alert }: { alert: Pick<PriceAlert, 'direction' | 'window' | 'percent'> }) {
  const { t } = useTranslation();
  if (alert.window === '') return null;
  return (
    <span data-testid="alert-move-summary">
      {alert.direction === 'down' ? '▼' : '▲'}{' '}
      {t('alerts.move_summary', { percent: alert.percent, within: t(`alerts.within_${alert.window}`) })}
    </span>
  );
}
