import { ClockCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseTimeZone, deviceTimeZone, MARKET_ZONE, useTimeZoneChoice } from '@/lib/time-zone';
import { useZoneName } from '@/lib/use-date-time';
import { TimeZoneSheet } from './time-zone-sheet';
import styles from './time-zone-setting.module.css';

/** How a choice reads: "Device time (Asia/Hong Kong)", "UTC", "New York (market time)", a zone. */
export function useZoneChoiceLabel(choice: string | null): string {
  const { t } = useTranslation();
  if (choice === null) return t('time_zone.device', { zone: deviceTimeZone().replaceAll('_', ' ') });
  if (choice === MARKET_ZONE) return t('time_zone.market');
  return choice.replaceAll('_', ' ');
}

/**
 * Settings' time zone (docs/product.md §9 "Time zone"): the zone every time in the app is
 * shown in, on this device — the device's own until the trader picks another. A choice
 * applies at once on every screen (lib/time-zone.ts).
 */
export function TimeZoneSetting() {
  const { t } = useTranslation();
  const choice = useTimeZoneChoice();
  const label = useZoneChoiceLabel(choice);
  const name = useZoneName();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.group}>
      <h2 className={styles.title}>{t('time_zone.group')}</h2>
      <button
        type="button"
        className={styles.row}
        aria-haspopup="dialog"
        data-testid="time-zone-setting"
        data-zone={choice ?? 'device'}
        onClick={() => setOpen(true)}
      >
        <span className={styles.icon} aria-hidden>
          <ClockCircleOutline />
        </span>
        <span className={styles.text}>
          <span className={styles.label}>{t('time_zone.title')}</span>
          <bdi className={styles.value} data-testid="time-zone-value" title={name.long}>
            {/* The zone's short name, unless the label says it already ("Device time (UTC)"). */}
            {label.includes(name.short) ? label : `${label} · ${name.short}`}
          </bdi>
        </span>
        <RightOutline className={styles.chevron} aria-hidden />
      </button>
      <TimeZoneSheet open={open} choice={choice} onChoose={chooseTimeZone} onClose={() => setOpen(false)} />
    </section>
  );
}
