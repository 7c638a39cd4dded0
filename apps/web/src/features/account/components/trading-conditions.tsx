import type { InstrumentConditions, TradingConditions } from '@pipwise/shared';
import { ExclamationCircleOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountKindBadge } from '@/components/account-kind-badge';
import { SkeletonBlock } from '@/components/skeleton-block';
import { StatusView } from '@/components/status-view';
import { formatPrice } from '@/lib/format';
import { formatRatio } from '@/lib/format-money';
import { useTradingConditions } from '@/lib/trading-conditions';
import { useSession } from '@/lib/use-session';
import {
  classSections,
  commissionLong,
  commissionShort,
  feeRuleText,
  feeText,
  groupCommission,
  groupMarkup,
  leverageText,
  maxLeverage,
  type ClassSection,
} from '../utils/conditions-view';
import styles from './trading-conditions.module.css';

/**
 * The Me page's "Trading conditions" (docs/trading-groups.md): the account's group — its
 * name, retail or professional, the margin-call and stop-out levels, swap-free or not, the
 * fee rule and the commission — then every open instrument by asset class, each with the
 * most leverage it offers, its leverage choices, its fee, its commission and the spread its
 * group adds (in points, already in every price the app shows). A demo account
 * sees its demo group the same way.
 */
export function TradingConditionsView() {
  const { t } = useTranslation();
  const session = useSession();
  const query = useTradingConditions({ enabled: session !== null });
  if (query.data) return <ConditionsBody conditions={query.data} />;
  if (query.isError) {
    return (
      <StatusView
        testId="conditions-failed"
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void query.refetch() }}
      />
    );
  }
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="conditions-loading">
      <SkeletonBlock height={188} radius={12} />
      <SkeletonBlock height={20} width="40%" radius={6} />
      <SkeletonBlock height={96} radius={12} />
      <SkeletonBlock height={96} radius={12} />
    </div>
  );
}

function ConditionsBody({ conditions }: { conditions: TradingConditions }) {
  const { t } = useTranslation();
  const { group, instruments } = conditions;
  const usd = t('common.currency');
  const professional = group.professional === 1;
  const commission = groupCommission(instruments);
  const anyCommission = commission.kind !== 'none';
  const markup = groupMarkup(instruments);
  const sections = classSections(instruments);
  const groupTerms =
    commission.kind === 'same'
      ? commissionLong(t, commission.commission, usd)
      : {
          rate: t(commission.kind === 'none' ? 'conditions.commission_none' : 'conditions.commission_varies'),
          min: null,
        };

  return (
    <div className={styles.screen} data-testid="conditions">
      <section className={styles.card} aria-labelledby="conditions-group" data-testid="conditions-group">
        <header className={styles.head}>
          <div className={styles.headText}>
            <span className={styles.eyebrow}>{t('conditions.group')}</span>
            <h2 className={styles.name} id="conditions-group" data-testid="conditions-group-name">
              <bdi>{group.name}</bdi>
            </h2>
          </div>
          <AccountKindBadge long />
        </header>
        <p className={styles.kind} data-kind={professional ? 'professional' : 'retail'}>
          <span
            className={`${styles.tag} ${professional ? styles.tagPro : ''}`}
            data-testid="conditions-kind"
          >
            {t(professional ? 'conditions.professional' : 'conditions.retail')}
          </span>
          <span className={styles.kindHint}>
            {t(professional ? 'conditions.professional_hint' : 'conditions.retail_hint')}
          </span>
        </p>
        <dl className={styles.stats}>
          <Stat label={t('conditions.margin_call')} testId="conditions-margin-call" figure>
            {formatRatio(group.margin_call_level)}
          </Stat>
          <Stat label={t('conditions.stop_out')} testId="conditions-stop-out" figure>
            {formatRatio(group.stop_out_level)}
          </Stat>
          <Stat
            label={t('conditions.swap')}
            testId="conditions-swap"
            tone={group.swap_free === 1 ? 'good' : undefined}
          >
            {t(group.swap_free === 1 ? 'conditions.swap_free' : 'conditions.swap_applies')}
          </Stat>
          <Stat label={t('conditions.fee_rule')} testId="conditions-fee-rule">
            {feeRuleText(t, group.trade_fee_type)}
          </Stat>
          <Stat
            label={t('conditions.commission')}
            testId="conditions-commission"
            wide
            note={
              anyCommission ? (
                <>
                  {groupTerms.min ? <span>{groupTerms.min}</span> : null}
                  <span>{t('conditions.commission_sides')}</span>
                </>
              ) : null
            }
          >
            {groupTerms.rate}
          </Stat>
          {markup.kind === 'same' ? (
            <Stat
              label={t('conditions.markup')}
              testId="conditions-group-markup"
              wide
              figure
              note={<span data-testid="conditions-markup-hint">{t('conditions.markup_hint')}</span>}
            >
              +{formatPrice(markup.points, 0)}
            </Stat>
          ) : null}
        </dl>
        <p className={styles.hint}>{t('conditions.levels_hint')}</p>
      </section>

      <section className={styles.instruments} aria-labelledby="conditions-instruments">
        <h3 className={styles.sectionTitle} id="conditions-instruments">
          {t('conditions.instruments')}
        </h3>
        {markup.kind === 'varies' ? (
          <p className={styles.hint} data-testid="conditions-markup-hint">
            {t('conditions.markup_hint')}
          </p>
        ) : null}
        {sections.length === 0 ? (
          <StatusView
            icon={<UnorderedListOutline />}
            title={t('conditions.empty')}
            testId="conditions-empty"
          />
        ) : (
          sections.map((section) => (
            <ClassBlock
              key={section.assetClass}
              section={section}
              tradeFeeType={group.trade_fee_type}
              // The same everywhere: the group's card says it; the rows only when it varies.
              showCommission={commission.kind === 'varies'}
              showMarkup={markup.kind === 'varies'}
            />
          ))
        )}
      </section>
    </div>
  );
}

/** One of the group's terms: its label over its value, a note under the value. */
function Stat({
  label,
  testId,
  note,
  tone,
  wide = false,
  figure = false,
  children,
}: {
  label: string;
  testId: string;
  note?: ReactNode;
  tone?: 'good' | undefined;
  /** Takes the card's whole width (the commission, with its notes). */
  wide?: boolean;
  /** A bare figure ("50.00%"): one left-to-right run; otherwise a phrase in the page's direction. */
  figure?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.stat} ${wide ? styles.wide : ''}`}>
      <dt>{label}</dt>
      <dd className={tone ? styles[tone] : undefined}>
        {figure ? (
          <bdi className="pw-num" data-testid={testId}>
            {children}
          </bdi>
        ) : (
          <span data-testid={testId}>{children}</span>
        )}
      </dd>
      {note ? <dd className={styles.note}>{note}</dd> : null}
    </div>
  );
}

/** An asset class: its name and retail cap, then its instruments. */
function ClassBlock({
  section,
  tradeFeeType,
  showCommission,
  showMarkup,
}: {
  section: ClassSection;
  tradeFeeType: number;
  showCommission: boolean;
  showMarkup: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.classBlock} data-testid="conditions-class" data-class={section.assetClass}>
      <div className={styles.classHead}>
        <h4 className={styles.className}>{t(`conditions.class.${section.assetClass}`)}</h4>
        <span className={styles.classCap} data-testid="conditions-class-cap">
          {section.cap !== null
            ? t('conditions.class_cap', { cap: leverageText(section.cap) })
            : t('conditions.no_cap')}
        </span>
      </div>
      <ul className={styles.list}>
        {section.instruments.map((instrument) => (
          <InstrumentRow
            key={instrument.id}
            instrument={instrument}
            tradeFeeType={tradeFeeType}
            showCommission={showCommission}
            showMarkup={showMarkup}
          />
        ))}
      </ul>
    </div>
  );
}

function InstrumentRow({
  instrument,
  tradeFeeType,
  showCommission,
  showMarkup,
}: {
  instrument: InstrumentConditions;
  tradeFeeType: number;
  showCommission: boolean;
  /** The group's markup varies: each row with one says it (none: the row says nothing). */
  showMarkup: boolean;
}) {
  const { t } = useTranslation();
  const usd = t('common.currency');
  const max = maxLeverage(instrument);
  const rowCommission = commissionShort(t, instrument.commission, usd);
  return (
    <li className={styles.item} data-testid="conditions-instrument" data-code={instrument.code}>
      <div className={styles.itemHead}>
        <bdi className={styles.code}>{instrument.code}</bdi>
        <span
          className={styles.levs}
          aria-label={t('conditions.leverage')}
          data-testid="conditions-leverages"
        >
          {instrument.leverages.map((v) => (
            <span key={v} className={`pw-num ${styles.lev} ${v === max ? styles.levMax : ''}`}>
              1:{v}
            </span>
          ))}
        </span>
        <span className={styles.max} data-testid="conditions-max">
          {max !== null ? t('conditions.max_leverage', { value: leverageText(max) }) : '--'}
        </span>
      </div>
      <dl className={styles.itemTerms}>
        <div>
          <dt>{t('conditions.fee')}</dt>
          <dd data-testid="conditions-fee">{feeText(t, tradeFeeType, instrument.fee_rate, usd)}</dd>
        </div>
        {showMarkup && instrument.markup_points > 0 ? (
          <div>
            <dt>{t('conditions.markup')}</dt>
            <dd className="pw-num" data-testid="conditions-markup">
              <bdi>+{formatPrice(instrument.markup_points, 0)}</bdi>
            </dd>
          </div>
        ) : null}
        {showCommission ? (
          <div>
            <dt>{t('conditions.commission')}</dt>
            <dd data-testid="conditions-instrument-commission">{rowCommission.rate}</dd>
            {rowCommission.min ? (
              <dd className={styles.min} data-testid="conditions-instrument-commission-min">
                {rowCommission.min}
              </dd>
            ) : null}
          </div>
        ) : null}
      </dl>
    </li>
  );
}
