import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTypeIcon, IndicatorsIcon } from './chart-icons';
import { CHART_TYPES, useChartPrefs } from './chart-prefs';
import styles from './chart-toolbar.module.css';

const IndicatorSheet = lazy(() => import('./indicator-sheet'));

/**
 * The chart's toolbar, under the period bar (docs/chart.md): the chart type — candles, line,
 * area, Heikin-Ashi, the chosen one named — and the indicators' sheet with how many are on.
 * Choices are the trader's, kept on the device (chart-prefs.ts); the chart follows them.
 * The sheet's chunk (antd-mobile's Popup) loads on the first tap.
 */
export function ChartToolbar() {
  const { t } = useTranslation();
  const [prefs, update] = useChartPrefs();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const count = prefs.indicators.length;
  return (
    <div className={styles.bar} data-testid="chart-toolbar">
      <div className={styles.types} role="radiogroup" aria-label={t('chart_tools.type_label')}>
        {CHART_TYPES.map((type) => {
          const chosen = type === prefs.type;
          const name = t(`chart_tools.type.${type}`);
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={chosen}
              aria-label={name}
              title={name}
              className={`${styles.type} ${chosen ? styles.chosen : ''}`}
              data-testid="chart-type"
              data-type={type}
              onClick={() => update((p) => (p.type === type ? p : { ...p, type }))}
            >
              <ChartTypeIcon type={type} />
              {chosen ? (
                <span className={styles.typeName} aria-hidden>
                  {name}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className={styles.indicators}
        aria-haspopup="dialog"
        data-testid="chart-indicators"
        data-count={count}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <IndicatorsIcon />
        <span className={styles.indicatorsName}>{t('chart_tools.indicators')}</span>
        {count > 0 ? <span className={`pw-num ${styles.count}`}>{count}</span> : null}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <IndicatorSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
