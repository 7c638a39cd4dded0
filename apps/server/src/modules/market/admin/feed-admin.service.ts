import type {
  AdminFeedInstrument,
  AdminFeedSource,
  AdminFeedStatus,
  AdminTradeSession,
} from '@pipwise/shared';
import type {
  FixFeedStatus,
  FixInstrumentStatus,
  FixSessionStatus,
  TradeSessionStatus,
} from '../fix/fix-feed-types.js';
import type { FeedSourceStatus, FeedStatus, SourceRole } from '../feed-status.js';
import type { MarketService } from '../market.service.js';

/**
 * The back office's view of the running feed (docs/market-data.md "Back office"): the
 * market's FeedStatus in the contract's shape, read fresh on every call. Quote ages are
 * counted here on the server's clock; rates are left to the page (two polls' counters
 * over their `now`s), so the endpoint keeps no state between calls.
 */
export class FeedAdminService {
  constructor(
    private readonly market: Pick<MarketService, 'feedStatus' | 'instrument'>,
    private readonly tradeSession: () => TradeSessionStatus | undefined,
    private readonly now: () => number,
  ) {}

  status(): AdminFeedStatus {
    const now = this.now();
    return {
      ...toAdminFeedStatus(this.market.feedStatus(now), now, (id) => this.market.instrument(id)),
      trade: toAdminTradeSession(this.tradeSession()),
    };
  }
}

type InstrumentOf = (id: number) => { code: string; precision: number } | undefined;

/** Integer points as the decimal they stand for at `precision` digits (110345, 5 → "1.10345"). */
export function pointsText(points: number, precision: number): string {
  if (precision <= 0) return String(points);
  const digits = String(Math.abs(points)).padStart(precision + 1, '0');
  const sign = points < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/** A FIX session's part of the feeds page, market data or trading alike. */
function toAdminSession(fix: FixSessionStatus) {
  return {
    endpoint: fix.endpoint,
    session: fix.session,
    since: fix.since,
    last_message_at: fix.lastMessageAt ?? null,
    last_error: fix.lastError ?? null,
    next_attempt_at: fix.nextAttemptAt ?? null,
    connects: fix.connects,
    disconnects: fix.disconnects,
    sequence: fix.sequence ? { next_out: fix.sequence.nextOut, next_in: fix.sequence.nextIn } : null,
  };
}

function toAdminTradeSession(trade: TradeSessionStatus | undefined): AdminTradeSession | null {
  if (!trade) return null;
  return { ...toAdminSession(trade), reports: trade.reports, garbled: trade.garbled, waiting: trade.waiting };
}

export function toAdminFeedStatus(
  status: FeedStatus,
  now: number,
  instrumentOf: InstrumentOf,
): Omit<AdminFeedStatus, 'trade'> {
  const active = new Map(Object.entries(status.active).map(([id, role]) => [Number(id), role]));
  const codeOf = (id: number) => instrumentOf(id)?.code ?? String(id);
  return {
    now,
    kind: status.kind,
    sources: status.sources.map((source) => toAdminSource(source, now, active, instrumentOf)),
    active: Object.fromEntries([...active].map(([id, role]) => [codeOf(id), role])),
    switches: status.switches.map((s) => ({
      at: s.at,
      instrument_id: s.instrumentId,
      code: s.code,
      from: s.from,
      to: s.to,
      reason: s.reason,
    })),
    switch_counts: { ...status.switchCounts },
  };
}

function toAdminSource(
  source: FeedSourceStatus,
  now: number,
  active: ReadonlyMap<number, SourceRole>,
  instrumentOf: InstrumentOf,
): AdminFeedSource {
  const fix: FixFeedStatus = source.fix;
  return {
    role: source.role,
    ...toAdminSession(fix),
    last_quote_at: fix.lastQuoteAt ?? null,
    messages: fix.messages,
    quotes: fix.quotes,
    rejects: fix.rejects,
    dropped: { ...fix.dropped },
    instruments: fix.instruments.map((i) =>
      toAdminInstrument(i, now, active.get(i.id) === source.role, instrumentOf(i.id)?.precision ?? 0),
    ),
  };
}

function toAdminInstrument(
  i: FixInstrumentStatus,
  now: number,
  inUse: boolean,
  precision: number,
): AdminFeedInstrument {
  return {
    id: i.id,
    code: i.code,
    symbol: i.symbol,
    state: i.state,
    reason: i.reason ?? null,
    bid: i.bid === undefined ? null : pointsText(i.bid, precision),
    ask: i.ask === undefined ? null : pointsText(i.ask, precision),
    provider_time: i.providerTime ?? null,
    received_at: i.receivedAt ?? null,
    // A quote stamped ahead of our clock (a skewed test clock) is not younger than now.
    quote_age_ms: i.receivedAt === undefined ? null : Math.max(0, now - i.receivedAt),
    dropped: i.dropped,
    in_use: inUse,
  };
}
