import { CheckOutline } from 'antd-mobile-icons';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { SearchField } from '@/components/search-field';
import { deviceTimeZone, knownTimeZones, MARKET_ZONE } from '@/lib/time-zone';
import { allZoneOptions, searchZones, zoneOption, type ZoneOption } from '../utils/zone-options';
import styles from './time-zone-sheet.module.css';

interface Props {
  open: boolean;
  /** The trader's choice: a zone, or null for the device's. */
  choice: string | null;
  onChoose: (zone: string | null) => void;
  onClose: () => void;
}

/**
 * The zone picker (docs/product.md §9 "Time zone"): the device's zone, UTC and New York (the
 * market's clock) first, then every zone the browser knows with its offset now, searched
 * by place, region or offset. A bottom sheet that fits a phone: the search stays on top and
 * the rows scroll under it; while a search is typed the first three give it their room.
 */
export function TimeZoneSheet({ open, choice, onChoose, onClose }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const close = () => {
    onClose();
    setQuery('');
  };
  const choose = (zone: string | null) => {
    onChoose(zone);
    close();
  };

  return (
    <BottomSheet open={open} onClose={close} bodyClassName={styles.sheet}>
      <div data-testid="time-zone-sheet" className={styles.header}>
        <SheetTitle className={styles.title}>{t('time_zone.title')}</SheetTitle>
        <SheetClose className={styles.close} onClick={close} />
      </div>
      <p className={styles.note}>{t('time_zone.note')}</p>
      <div className={styles.search}>
        <SearchField
          placeholder={t('time_zone.search')}
          value={query}
          onChange={setQuery}
          maxLength={64}
          testId="time-zone-search"
        />
      </div>
      {open ? <ZoneRows choice={choice} query={deferred} onChoose={choose} /> : null}
    </BottomSheet>
  );
}

/** The rows, built when the sheet opens: every zone's offset as it is now. */
function ZoneRows({
  choice,
  query,
  onChoose,
}: {
  choice: string | null;
  query: string;
  onChoose: (zone: string | null) => void;
}) {
  const { t } = useTranslation();
  const [at] = useState(Date.now);
  const all = useMemo(() => allZoneOptions(knownTimeZones, at), [at]);
  // UTC heads the choices above; the long list shows it again only to a search.
  const shown = useMemo(
    () => (query.trim() === '' ? all.filter((o) => o.zone !== 'UTC') : searchZones(all, query)),
    [all, query],
  );
  const selectedRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Opens on the zone chosen from the list, not at "Africa".
    selectedRef.current?.scrollIntoView({ block: 'center' });
  }, []);

  const device = deviceTimeZone();
  const quick: { key: string; zone: string | null; option: ZoneOption; label: string }[] = [
    {
      key: 'device',
      zone: null,
      option: zoneOption(device, at),
      label: t('time_zone.device', { zone: device.replaceAll('_', ' ') }),
    },
    { key: 'utc', zone: 'UTC', option: zoneOption('UTC', at), label: 'UTC' },
    { key: 'market', zone: MARKET_ZONE, option: zoneOption(MARKET_ZONE, at), label: t('time_zone.market') },
  ];
  // A zone of the long list is marked there; the three above are marked above only.
  const quickChosen = choice === null || quick.some((q) => q.zone === choice);

  return (
    <div className={styles.scroll} data-testid="time-zone-rows">
      {query.trim() === '' ? (
        <ul className={styles.list} aria-label={t('time_zone.title')}>
          {quick.map((q) => (
            <li key={q.key}>
              <ZoneButton
                option={q.option}
                name={q.label}
                region=""
                selected={q.zone === choice}
                testId="time-zone-choice"
                zoneAttr={q.key}
                onPick={() => onChoose(q.zone)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className={styles.groupTitle}>{t('time_zone.all')}</h3>
      {shown.length === 0 ? (
        <p className={styles.empty} data-testid="time-zone-none">
          {t('time_zone.none')}
        </p>
      ) : (
        <ul className={styles.list} data-testid="time-zone-list">
          {shown.map((o) => {
            const selected = !quickChosen && o.zone === choice;
            return (
              <li key={o.zone}>
                <ZoneButton
                  option={o}
                  name={o.place}
                  region={o.region}
                  selected={selected}
                  buttonRef={selected ? selectedRef : undefined}
                  testId="time-zone-option"
                  zoneAttr={o.zone}
                  onPick={() => onChoose(o.zone)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ZoneButton({
  option,
  name,
  region,
  selected,
  buttonRef,
  testId,
  zoneAttr,
  onPick,
}: {
  option: ZoneOption;
  name: string;
  region: string;
  selected: boolean;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
  testId: string;
  zoneAttr: string;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      className={`${styles.item} ${selected ? styles.selected : ''}`}
      aria-pressed={selected}
      ref={buttonRef}
      data-testid={testId}
      data-zone={zoneAttr}
      onClick={onPick}
    >
      <span className={styles.names}>
        {/* Zone ids are the zone database's (Latin): each isolated, at the line's start. */}
        <bdi className={styles.name}>{name}</bdi>
        {region ? <bdi className={styles.region}>{region}</bdi> : null}
      </span>
      <span className={`${styles.offset} pw-num`}>{option.offset}</span>
      <span className={styles.check} aria-hidden>
        {selected ? <CheckOutline /> : null}
      </span>
    </button>
  );
}
