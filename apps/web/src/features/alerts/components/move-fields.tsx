import {
  MOVE_DIRECTIONS,
  MOVE_PERCENT_MAX,
  MOVE_WINDOWS,
  type MoveDirection,
  type MoveWindow,
  type PriceAlert,
} from '@pipwise/shared';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import styles from './alert-sheet.module.css';

/** What the "% move" mode of the sheet holds while the trader fills it in. */
export interface MoveDraft {
  direction: MoveDirection;
  window: MoveWindow;
  /** The typed percentage, as typed. */
  percent: string;
}

/** A new move alert starts at up 1 % within 1 h; an existing one at its own. */
export function initialMoveDraft(editing: PriceAlert | null): MoveDraft {
  if (editing?.kind === 'move' && editing.window !== '')
    return {
      direction: editing.direction === 'down' ? 'down' : 'up',
      window: editing.window,
      percent: editing.percent.replace(/\.?0+$/, ''),
    };
  return { direction: 'up', window: '1h', percent: '1' };
}

/** The percentage to send ("0.5"), or null unless it is 0.01–50 with at most 2 decimals. */
export function percentToSend(text: string): string | null {
  const value = text.trim();
  if (!/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(value)) return null;
  const plain = value.endsWith('.') ? value.slice(0, -1) : value;
  const canonical = plain.startsWith('.') ? `0${plain}` : plain;
  const hundredths = Math.round(Number(canonical) * 100);
  return hundredths >= 1 && hundredths <= MOVE_PERCENT_MAX * 100 ? canonical : null;
}

/**
 * The sheet's "% move" fields (docs/notifications.md "Price alerts"): up or down, the
 * percentage, and the window's chips.
 */
export function MoveFields({ draft, onChange }: { draft: MoveDraft; onChange: (draft: MoveDraft) => void }) {
  const { t } = useTranslation();
  const invalid = draft.percent.trim() !== '' && percentToSend(draft.percent) === null;
  return (
    <div className={styles.move} data-testid="alert-move-fields">
      <div className={styles.directions} role="radiogroup" aria-label={t('alerts.kind_move')}>
        {MOVE_DIRECTIONS.map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={draft.direction === d}
            className={`${styles.direction} ${styles[d === 'up' ? 'above' : 'below']} ${
              draft.direction === d ? styles.directionActive : ''
            }`}
            onClick={() => onChange({ ...draft, direction: d })}
            data-testid={`alert-move-${d}`}
          >
            {d === 'up' ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
            <span>{t(`alerts.move_${d}`)}</span>
          </button>
        ))}
      </div>
      <div className={styles.priceRow}>
        <span className={styles.priceLabel}>{t('alerts.percent')}</span>
        <DecimalInput
          className={styles.input}
          value={draft.percent}
          onChange={(percent) => onChange({ ...draft, percent })}
          decimals={2}
          label={t('alerts.percent')}
          testId="alert-percent"
          invalid={invalid}
        />
      </div>
      <div className={styles.windowRow} data-testid="alert-window">
        <span className={styles.priceLabel}>{t('alerts.window')}</span>
        <Selector
          columns={5}
          showCheckMark={false}
          value={[draft.window]}
          onChange={(values) => {
            const window = values[0];
            if (window) onChange({ ...draft, window });
          }}
          options={MOVE_WINDOWS.map((w) => ({ label: t(`alerts.window_${w}`), value: w }))}
        />
      </div>
      <p className={styles.moveHint}>{t('alerts.move_hint')}</p>
    </div>
  );
}
