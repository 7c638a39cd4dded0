import type { Dec, LevelFigures, SwapTerms, TicketMarket } from '@pipwise/shared';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { memo, useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { formatPercent, formatPrice } from '@/lib/format';
import { formatMoney, formatRatio, trendOf } from '@/lib/format-money';
import { swapNightLine } from '../utils/swap-text';
import { distanceText } from '../utils/ticket-format';
import type { TicketView } from '../utils/ticket-view';
import styles from './order-ticket.module.css';

interface Props {
  /** Null while the order cannot be priced: dashes. */
  view: TicketView | null;
  precision: number;
  /** Currency pairs measure distances in pips, everything else in points. */
  market: Pick<TicketMarket, 'stopOutLevel' | 'marginCallLevel'> | null;
  /** Free margin now (forexDetail), when logged in. */
  freeMargin?: number | undefined;
  /** The lots typed cost more than free margin covers (the margin shows red). */
  short: boolean;
  /** The instrument's overnight financing; absent: no overnight line. */
  swap?: Pick<SwapTerms, 'tripleDay'> | undefined;
  /**
   * The account pays a commission on this instrument (docs/trading-groups.md "Commission"):
   * the open's side shows beside the fee, noted as charged again at the close.
   */
  commission?: boolean | undefined;
}

/**
 * The risk-first ticket (docs/money.md "The order ticket"): what the order costs and what
 * it does to the account, before the tap. The first lines stay in sight — margin, fee, the
 * money at the stop-loss and the margin level after —; the rest folds away so the form
 * stays usable on a 360 px phone. Every figure is the shared `ticketFigures`' (TicketView).
 */
export function OrderTicket({ view, precision, market, freeMargin, short, swap, commission }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const detailsId = useId();
  const f = view?.figures;
  const usd = (value: Dec | null | undefined, signed = false) => (
    <>
      {value ? formatMoney(value.toNumber(), { signed }) : '--'} {t('common.currency')}
    </>
  );
  const account = view?.withAccount === true;
  // One night held, for the order's side (three on the triple day); none without terms.
  const overnight = swap ? swapNightLine(t, f?.swapPerNight, swap, t('common.currency')) : null;

  return (
    <section
      className={styles.ticket}
      data-testid="order-ticket"
      data-open={open}
      // The price the figures assume (journeys compare it with the fill).
      data-entry={view?.entry.toString() ?? ''}
    >
      <dl className={styles.figures} data-testid="order-estimate">
        <Row label={t('trading.est_margin')} testId="est-margin" className={short ? styles.over : undefined}>
          {usd(f?.margin)}
        </Row>
        <Row label={t('trading.est_fee')} testId="est-fee">
          {usd(f?.fee)}
        </Row>
        {commission && (!f || f.commission.gt(0)) ? (
          <Row label={t('ticket.commission')} testId="est-commission" note={t('ticket.commission_note')}>
            {usd(f?.commission)}
          </Row>
        ) : null}
        {view?.figures.atStop ? (
          <LevelRow
            label={t('ticket.at_stop')}
            level={view.figures.atStop}
            testId="ticket-at-stop"
            account={account}
          />
        ) : null}
        {account ? (
          <Row
            label={t('ticket.level_after')}
            testId="ticket-level-after"
            className={styles[`tone_${view?.levelTone ?? 'safe'}`]}
            data={{ 'data-tone': view?.levelTone ?? '' }}
            note={
              market ? (
                <bdi>
                  {t('ticket.levels_hint', {
                    call: isolate(formatRatio(Number(market.marginCallLevel))),
                    stop: isolate(formatRatio(Number(market.stopOutLevel))),
                  })}
                </bdi>
              ) : null
            }
          >
            {f?.marginLevelAfter ? formatRatio(f.marginLevelAfter.toNumber()) : '--'}
          </Row>
        ) : null}
      </dl>

      <DetailsToggle open={open} onToggle={toggle} controls={detailsId} />

      <div className={styles.details} id={detailsId} hidden={!open} data-testid="ticket-details">
        <dl className={styles.figures}>
          <Row label={t('ticket.spread_cost')} testId="ticket-spread">
            {usd(f?.spreadCost)}
          </Row>
          {swap ? (
            <Row
              label={t('ticket.swap.overnight')}
              testId="ticket-swap"
              className={overnight ? styles[overnight.tone] : undefined}
              note={overnight?.note}
              text
            >
              {overnight?.value ?? '--'}
            </Row>
          ) : null}
          {freeMargin !== undefined ? (
            <Row label={t('ticket.free_margin_now')} testId="free-margin">
              {formatMoney(freeMargin)} {t('common.currency')}
            </Row>
          ) : null}
          {account ? (
            <Row
              label={t('ticket.free_margin_after')}
              testId="ticket-free-after"
              className={f && f.freeMarginAfter.lt(0) ? styles.over : undefined}
            >
              {usd(f?.freeMarginAfter)}
            </Row>
          ) : null}
          {account ? (
            <Row label={t('ticket.stop_out_price')} testId="ticket-stop-out" note={t('ticket.stop_out_hint')}>
              {f?.stopOutPrice
                ? formatPrice(f.stopOutPrice.toNumber(), precision)
                : t('ticket.stop_out_none')}
            </Row>
          ) : null}
          {view?.figures.atTarget ? (
            <LevelRow
              label={t('ticket.at_target')}
              level={view.figures.atTarget}
              testId="ticket-at-target"
              account={account}
            />
          ) : null}
          {f?.rewardToRisk ? (
            <Row label={t('ticket.reward_risk')} testId="ticket-rr">
              {t('ticket.reward_risk_value', { value: f.rewardToRisk.toFixed(2) })}
            </Row>
          ) : null}
        </dl>
        {/* Outside the list: a <dl> holds only its terms and their values. */}
        {!view?.figures.atStop && !view?.figures.atTarget ? (
          <p className={styles.hint}>{t('ticket.stops_hint')}</p>
        ) : null}
      </div>
    </section>
  );
}

/** Shows or hides the details. Memoised: the figures' clock does not re-render it. */
const DetailsToggle = memo(function DetailsToggle({
  open,
  onToggle,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      data-testid="ticket-toggle"
    >
      <span>{t(open ? 'ticket.details_hide' : 'ticket.details_show')}</span>
      {open ? <UpOutline /> : <DownOutline />}
    </button>
  );
});

function Row({
  label,
  testId,
  className,
  note,
  data,
  text = false,
  children,
}: {
  label: string;
  testId: string;
  className?: string | undefined;
  note?: ReactNode;
  data?: Record<`data-${string}`, string>;
  /**
   * The value is a translated phrase around a figure ("earns +0.10 USD a night"): it takes
   * the direction of its language, its figure isolated inside it (lib/bidi.ts).
   */
  text?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.row} {...data}>
      <dt>
        {label}
        {note ? <small className={styles.note}>{note}</small> : null}
      </dt>
      <dd className={className}>
        {text ? (
          // A phrase takes the page's direction; its figure is isolated in it already.
          <span data-testid={testId}>{children}</span>
        ) : (
          // The figure and its unit are one isolated run: "12.30 USD" stays whole in Arabic.
          <bdi className="pw-num" data-testid={testId}>
            {children}
          </bdi>
        )}
      </dd>
    </div>
  );
}

/** Money at a stop or a target, with its distance and share of equity under it. */
function LevelRow({
  label,
  level,
  testId,
  account,
}: {
  label: string;
  level: LevelFigures;
  testId: string;
  account: boolean;
}) {
  const { t } = useTranslation();
  const money = level.money.toNumber();
  return (
    <Row
      label={label}
      testId={testId}
      className={styles[trendOf(money)]}
      note={
        <bdi>
          {distanceText(t, level)}
          {account
            ? ` · ${t('ticket.of_equity', { value: isolate(formatPercent(level.percentOfEquity.toNumber())) })}`
            : ''}
        </bdi>
      }
    >
      {formatMoney(money, { signed: true })} {t('common.currency')}
    </Row>
  );
}
