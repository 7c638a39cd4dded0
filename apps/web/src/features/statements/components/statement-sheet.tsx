import { STATEMENT_FORMATS, STATEMENT_MAX_DAYS, type StatementFormat } from '@pipwise/shared';
import { Selector } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { DatePickerSheet } from '@/components/date-picker-sheet';
import { currentLang } from '@/lib/i18n';
import { traderTimeZone } from '@/lib/time-zone';
import { showToast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { useSubmission } from '@/lib/use-submission';
import { downloadStatement } from '../api/download-statement';
import {
  periodOf,
  periodProblem,
  pickedDay,
  pickedMonth,
  type PeriodChoice,
  type PeriodKind,
} from '../utils/statement-period';
import styles from './statement-sheet.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
}

const KINDS: readonly PeriodKind[] = ['this_month', 'last_month', 'month', 'range'];
/** Statements start in 2000 (the server's rule for dates). */
const EARLIEST = new Date(2000, 0, 1);

/** "2026-10-05" as the picker's local date. */
const asDate = (day: string | null): Date | undefined => {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number | undefined];
  return new Date(y, m - 1, d ?? 1);
};

/**
 * The statement sheet of the account log (docs/statements.md "In the app"): a period — this
 * month, last month, a month, or a range of days — and PDF or CSV, then one download.
 */
export default function StatementSheet({ open, onClose }: Props) {
  const { t } = useTranslation();
  const account = useSession()?.user?.id ?? 0;
  const [kind, setKind] = useState<PeriodKind>('this_month');
  const [month, setMonth] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [picking, setPicking] = useState<'month' | 'from' | 'to' | null>(null);
  const [tried, setTried] = useState(false);

  const choice: PeriodChoice =
    kind === 'month' ? { kind, month } : kind === 'range' ? { kind, from, to } : { kind };
  const problem = periodProblem(choice);
  // A missing pick is said once the trader tries; a wrong range as soon as both ends are set.
  const shownProblem =
    problem && (tried || problem.key !== 'errors.statement_period_required') ? problem : null;

  // One download at a time: a double tap, or a tap while a file is coming, sends nothing more.
  const download = useSubmission<{ choice: PeriodChoice; format: StatementFormat }, string>(
    ({ choice: chosen, format: chosenFormat }) => {
      const tz = traderTimeZone();
      const period = periodOf(chosen, Date.now(), tz);
      if (!period) return Promise.reject(new Error('no period'));
      return downloadStatement({ account, format: chosenFormat, period, tz, lang: currentLang() });
    },
    { onSuccess: () => showToast(t('statement.downloaded')) },
  );

  const start = () => {
    setTried(true);
    if (problem || !account) return;
    void download.submit({ choice, format });
  };

  // The pickers end today: a statement of the future says nothing.
  const [today] = useState(() => new Date());
  const pickerValue =
    picking === 'month' ? asDate(month) : picking ? asDate(picking === 'from' ? from : to) : undefined;

  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      <div className={styles.header} data-testid="statement-sheet">
        <SheetTitle className={styles.title}>{t('statement.sheet_title')}</SheetTitle>
        <SheetClose className={styles.close} onClick={onClose} />
      </div>

      <div className={styles.body}>
        <section className={styles.section}>
          <h3 className={styles.label}>{t('statement.period')}</h3>
          <Selector
            className={styles.selector}
            columns={2}
            value={[kind]}
            onChange={(v) => {
              if (v[0]) setKind(v[0]);
              setTried(false);
            }}
            options={KINDS.map((k) => ({
              value: k,
              label: (
                <span data-testid={`statement-kind-${k}`}>
                  {k === 'month'
                    ? t('statement.by_month')
                    : k === 'range'
                      ? t('statement.by_range')
                      : t(`statement_web.${k}`)}
                </span>
              ),
            }))}
          />

          {kind === 'month' ? (
            <DateRow
              label={t('statement.month')}
              value={month}
              placeholder={t('statement_web.choose')}
              onOpen={() => setPicking('month')}
              testId="statement-month"
            />
          ) : null}
          {kind === 'range' ? (
            <>
              <div className={styles.rangeRows}>
                <DateRow
                  label={t('statement.from')}
                  value={from}
                  placeholder={t('statement_web.choose')}
                  onOpen={() => setPicking('from')}
                  testId="statement-from"
                />
                <DateRow
                  label={t('statement.to')}
                  value={to}
                  placeholder={t('statement_web.choose')}
                  onOpen={() => setPicking('to')}
                  testId="statement-to"
                />
              </div>
              <p className={styles.hint}>{t('statement_web.range_limit', { days: STATEMENT_MAX_DAYS })}</p>
            </>
          ) : null}
          {shownProblem ? (
            <p className={styles.problem} role="alert" data-testid="statement-problem">
              {t(shownProblem.key, shownProblem.vars)}
            </p>
          ) : null}
        </section>

        <section className={styles.section}>
          <h3 className={styles.label}>{t('statement.format')}</h3>
          <Selector
            className={styles.selector}
            columns={2}
            value={[format]}
            onChange={(v) => {
              if (v[0]) setFormat(v[0]);
            }}
            options={STATEMENT_FORMATS.map((f) => ({
              value: f,
              label: <span data-testid={`statement-format-${f}`}>{t(`statement.format_${f}`)}</span>,
            }))}
          />
        </section>

        <Button
          block
          color="primary"
          className={styles.download}
          loading={download.locked}
          disabled={!!shownProblem}
          onClick={start}
          data-testid="statement-download"
        >
          {t('statement.download')}
        </Button>
      </div>

      <DatePickerSheet
        open={picking !== null}
        precision={picking === 'month' ? 'month' : 'day'}
        title={
          picking === 'month'
            ? t('statement.month')
            : picking === 'from'
              ? t('statement.from')
              : t('statement.to')
        }
        min={EARLIEST}
        max={today}
        value={pickerValue ?? null}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          if (picking === 'month') setMonth(pickedMonth(date));
          else if (picking === 'from') setFrom(pickedDay(date));
          else if (picking === 'to') setTo(pickedDay(date));
        }}
        testId="statement-date-picker"
      />
    </BottomSheet>
  );
}

function DateRow(props: {
  label: string;
  value: string | null;
  placeholder: string;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <button type="button" className={styles.dateRow} onClick={props.onOpen} data-testid={props.testId}>
      <span className={styles.dateLabel}>{props.label}</span>
      <span className={props.value ? styles.dateValue : styles.datePlaceholder}>
        {props.value ? <bdi className="pw-num">{props.value}</bdi> : props.placeholder}
      </span>
      <CalendarOutline className={styles.dateIcon} aria-hidden />
    </button>
  );
}
