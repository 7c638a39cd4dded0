import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { DecimalInput } from '@/components/decimal-input';
import { trackColor } from './chart-colors';
import { canAdd, paneCount, useChartPrefs } from './chart-prefs';
import {
  crossCheck,
  defaultParams,
  INDICATOR_KINDS,
  INDICATORS,
  MAX_INDICATORS,
  MAX_PANES,
  parseParam,
  type IndicatorChoice,
  type IndicatorKind,
  type IndicatorParams,
  type ParamError,
  type ParamName,
} from './indicator-catalog';
import styles from './indicator-sheet.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The indicators' sheet (docs/chart.md "Indicators"), from the chart toolbar: the ones on the
 * chart with their parameters, each removable, and the kinds that can be added — at most
 * MAX_INDICATORS, MAX_PANES of them under the prices. A parameter is taken once it is valid;
 * until then the field says why and the chart keeps the last valid value.
 */
export default function IndicatorSheet({ open, onClose }: Props) {
  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      <IndicatorPanel onClose={onClose} />
    </BottomSheet>
  );
}

export function IndicatorPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [prefs, update] = useChartPrefs();
  const chosen = prefs.indicators;

  const add = (kind: IndicatorKind) =>
    update((p) => {
      if (!canAdd(p.indicators, kind)) return p;
      const id = Math.max(0, ...p.indicators.map((c) => c.id)) + 1;
      return { ...p, indicators: [...p.indicators, { id, kind, params: defaultParams(kind) }] };
    });
  const remove = (id: number) =>
    update((p) => ({ ...p, indicators: p.indicators.filter((c) => c.id !== id) }));
  const setParams = (id: number, params: IndicatorParams) =>
    update((p) => ({ ...p, indicators: p.indicators.map((c) => (c.id === id ? { ...c, params } : c)) }));

  const full = chosen.length >= MAX_INDICATORS;
  const panesFull = paneCount(chosen) >= MAX_PANES;
  return (
    <div data-testid="indicator-sheet" data-count={chosen.length}>
      <div className={styles.header}>
        <SheetTitle className={styles.title}>{t('chart_tools.indicators')}</SheetTitle>
        <SheetClose className={styles.close} onClick={onClose} testId="indicator-sheet-close" />
      </div>
      <div className={styles.body}>
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>
            {t('chart_tools.on_chart')}{' '}
            <span className="pw-num">
              {chosen.length}/{MAX_INDICATORS}
            </span>
          </h3>
          {chosen.length === 0 ? (
            <p className={styles.empty}>{t('chart_tools.none')}</p>
          ) : (
            <ul className={styles.list}>
              {chosen.map((choice, i) => (
                <ChoiceRow
                  key={choice.id}
                  choice={choice}
                  color={trackColor(i)}
                  onRemove={() => remove(choice.id)}
                  onParams={(params) => setParams(choice.id, params)}
                />
              ))}
            </ul>
          )}
        </section>
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>{t('chart_tools.add_title')}</h3>
          <div className={styles.kinds}>
            {INDICATOR_KINDS.map((kind) => {
              const spec = INDICATORS[kind];
              const name = t(`chart_tools.indicator.${kind}`);
              return (
                <button
                  key={kind}
                  type="button"
                  className={styles.kind}
                  disabled={!canAdd(chosen, kind)}
                  onClick={() => add(kind)}
                  data-testid="indicator-add"
                  data-kind={kind}
                >
                  <span className={styles.kindText}>
                    <span className={styles.abbr}>{spec.abbr}</span>{' '}
                    <span className={styles.kindName}>{name}</span>
                  </span>
                  <AddOutline className={styles.plus} aria-hidden />
                </button>
              );
            })}
          </div>
          {full ? (
            <p className={styles.note}>{t('chart_tools.limit', { max: MAX_INDICATORS })}</p>
          ) : panesFull ? (
            <p className={styles.note}>{t('chart_tools.pane_limit', { max: MAX_PANES })}</p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** One indicator on the chart: its name and colour, its parameters' fields, Remove. */
function ChoiceRow({
  choice,
  color,
  onRemove,
  onParams,
}: {
  choice: IndicatorChoice;
  color: string;
  onRemove: () => void;
  onParams: (params: IndicatorParams) => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const spec = INDICATORS[choice.kind];
  const name = t(`chart_tools.indicator.${choice.kind}`);
  // The fields as typed; the choice keeps the last valid parameters.
  const [drafts, setDrafts] = useState<Partial<Record<ParamName, string>>>(() =>
    Object.fromEntries(spec.params.map((p) => [p.name, String(choice.params[p.name] ?? p.default)])),
  );
  const parsed = spec.params.map((p) => ({ spec: p, result: parseParam(p, drafts[p.name] ?? '') }));
  const fieldError = parsed.find((p) => 'error' in p.result);
  const values: IndicatorParams = {};
  for (const { spec: p, result } of parsed) if ('value' in result) values[p.name] = result.value;
  const error: ParamError | null =
    fieldError && 'error' in fieldError.result ? fieldError.result.error : crossCheck(choice.kind, values);

  const onField = (param: ParamName, text: string) => {
    const next = { ...drafts, [param]: text };
    setDrafts(next);
    const params: IndicatorParams = {};
    for (const p of spec.params) {
      const result = parseParam(p, next[p.name] ?? '');
      if ('error' in result) return;
      params[p.name] = result.value;
    }
    if (!crossCheck(choice.kind, params)) onParams(params);
  };

  return (
    <li className={styles.choice} data-testid="indicator-choice" data-kind={choice.kind} data-id={choice.id}>
      <div className={styles.choiceHead}>
        <span className={styles.swatch} style={{ background: color }} aria-hidden />
        <span className={styles.abbr}>{spec.abbr}</span>
        <span className={styles.choiceName}>{name}</span>
        <button
          type="button"
          className={styles.remove}
          aria-label={t('chart_tools.remove', { name: `${spec.abbr} (${name})` })}
          onClick={onRemove}
          data-testid="indicator-remove"
        >
          <DeleteOutline />
        </button>
      </div>
      <div className={styles.params}>
        {parsed.map(({ spec: p, result }) => {
          const invalid =
            'error' in result || (error?.key === 'chart_tools.macd_order' && p.name !== 'signal');
          return (
            <label key={p.name} className={styles.param}>
              <span className={styles.paramLabel}>{t(`chart_tools.param.${p.name}`)}</span>
              <DecimalInput
                className={styles.input}
                value={drafts[p.name] ?? ''}
                decimals={p.decimals}
                label={`${spec.abbr}: ${t(`chart_tools.param.${p.name}`)}`}
                onChange={(text) => onField(p.name, text)}
                invalid={invalid}
                describedBy={invalid ? errorId : undefined}
                testId={`indicator-param-${p.name}`}
              />
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert" data-testid="indicator-param-error">
          {t(error.key, error.values)}
        </p>
      ) : null}
    </li>
  );
}
