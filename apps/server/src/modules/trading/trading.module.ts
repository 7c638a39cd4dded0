import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/index.js';
import type { CandleService, MarketService } from '../market/index.js';
import { registerAccountRoutes } from './account.routes.js';
import { ABookDesk } from './a-book/a-book-desk.js';
import { AccountService } from './account.service.js';
import { TradingEngine } from './engine.js';
import { RolloverJob } from './financing/rollover-job.js';
import { OrderPreviewService } from './order-preview.js';
import { OrderService } from './order.service.js';
import { RiskMonitor } from './risk-monitor.js';
import { TradeDesk } from './trade-desk.js';
import { GroupTermsReader } from './groups/order-terms.js';
import { GroupAdminService } from './groups/group-admin.service.js';
import { ConditionsService } from './groups/conditions.service.js';
import { tradingConditionsEndpoint } from '@pipwise/shared';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import { registerTradingRoutes } from './trading.routes.js';
import { Valuation } from './valuation.js';
import { AlertDesk } from './alerts/alert-desk.js';
import type { MinuteRange } from './alerts/bid-ranges.js';
import type { NoticeWriter, ReceiptFinder } from '../notify/index.js';
import { AlertService } from './alerts/alert.service.js';
import { registerAlertRoutes } from './alerts/alert.routes.js';
import { orderNotices } from './alerts/order-notices.js';
import { stopOutReceipts } from './warnings/stop-out-receipt.js';
import { MarginWarnings } from './warnings/margin-warnings.js';
import { registerWarningRoutes } from './warnings/warning.routes.js';

/** Orders, positions and the engine that watches them (docs/money.md). */
export interface TradingModule {
  valuation: Valuation;
  desk: TradeDesk;
  risk: RiskMonitor;
  engine: TradingEngine;
  orders: OrderService;
  accounts: AccountService;
  previews: OrderPreviewService;
  /** Orders sent to the liquidity provider (docs/execution.md). */
  aBook: ABookDesk;
  /** The daily rollover's overnight financing (docs/money.md "Overnight financing (swap)"). */
  rollover: RolloverJob;
  /** Trading groups, conditions and caps as operators edit them (docs/trading-groups.md). */
  groups: GroupAdminService;
  /** The groups' terms as orders read them, kept until a group changes (cluster/ tells the others). */
  terms: GroupTermsReader;
  /** The trader's own conditions. */
  conditions: ConditionsService;
  /** Price alerts (docs/notifications.md "Price alerts"). */
  alerts: AlertService;
  /** Margin warnings: each trader's levels (docs/notifications.md "Margin warnings"). */
  warnings: MarginWarnings;
}

/** Builds the trading services and loads the engine's index from the database. */
export async function createTradingModule(
  core: Core,
  market: MarketService,
  options: {
    demoBalance: number;
    inbox: NoticeWriter;
    /** The candles, whose 1-minute ones seed move alerts' rolling ranges. */
    candles?: Pick<CandleService, 'latest'>;
  },
): Promise<TradingModule> {
  const { db, settings, transactions, events, log } = core;
  const valuation = new Valuation(market);
  const groups = new GroupTermsReader(settings);
  const desk = new TradeDesk({ valuation, market, groups });
  const risk = new RiskMonitor(valuation, market, settings, db, (err) =>
    log.error({ err }, 'risk levels not read again; the previous ones stay'),
  );
  await risk.loadLevels();
  // A settings or group change here reaches the risk levels at the next tick (other instances: cluster/).
  settings.events.on('changed', () => risk.refreshLevels());
  const groupAdmin = new GroupAdminService(db, market, core.now);
  groupAdmin.events.on('changed', () => {
    groups.invalidate();
    risk.refreshLevels();
  });
  const alertDesk = new AlertDesk(market, options.inbox);
  const warnings = new MarginWarnings({ db, transactions, desk, market, inbox: options.inbox });
  const engine = new TradingEngine({
    db,
    market,
    desk,
    alerts: alertDesk,
    warnings,
    onStopOut: stopOutReceipts(options.inbox, market),
    risk,
    transactions,
    events,
    log,
    minuteCandles: options.candles ? minuteCandles(options.candles, core.now) : undefined,
    now: core.now,
  });
  // Fills and the closes the trader did not make are told in the inbox, in their transaction.
  transactions.beforeCommit(orderNotices(options.inbox, market));
  await engine.load();
  // The engine sees every quote change, whether from the feed or pushed by a test.
  market.events.on('quotes', (ids) => engine.onQuotes(ids));
  const accounts = new AccountService({
    db,
    transactions,
    desk,
    valuation,
    market,
    demoBalance: options.demoBalance,
  });
  const aBook = new ABookDesk({ db, market, desk, transactions, log, now: core.now });
  // A close committed here may have queued a cover for the provider (docs/execution.md "Covers").
  events.subscribe((event, remote) => {
    if (!remote && event.type === 'order' && event.event === 'closed')
      aBook.onCommittedClose(Number(event.order.id));
  });
  return {
    aBook,
    valuation,
    desk,
    risk,
    engine,
    orders: new OrderService(transactions, desk, aBook),
    accounts,
    previews: new OrderPreviewService({ db, desk, accounts, market, groups }),
    rollover: new RolloverJob({ db, transactions, market, valuation, now: core.now, log }),
    groups: groupAdmin,
    terms: groups,
    alerts: new AlertService(db, transactions, market, () => settings.number('max_alerts')),
    warnings,
    conditions: new ConditionsService({
      db,
      market,
      groups,
      brokerFeeType: () => settings.number('trade_fee_type'),
    }),
  };
}

/** The trader's orders, positions and account figures. */
export function registerTradingModuleRoutes(
  app: FastifyInstance,
  trading: TradingModule,
  market: MarketService,
  receipts: ReceiptFinder,
): void {
  registerTradingRoutes(app, { ...trading, market });
  registerAccountRoutes(app, trading.accounts, receipts);
  registerAlertRoutes(app, trading.alerts);
  registerWarningRoutes(app, trading.warnings);
  registerEndpoint(app, tradingConditionsEndpoint, (_input, request) =>
    trading.conditions.of(sessionOf(request).userId),
  );
}

/** The 1-minute candles since a time (at most a day of them), as minute ranges in points. */
function minuteCandles(candles: Pick<CandleService, 'latest'>, now: () => number) {
  return async (instrumentId: number, since: number): Promise<MinuteRange[]> => {
    const limit = Math.min(24 * 60 + 1, Math.max(1, Math.ceil((now() - since) / 60_000) + 1));
    const rows = await candles.latest(instrumentId, '1min', limit);
    return rows.filter((c) => c.time >= since).map((c) => ({ time: c.time, low: c.low, high: c.high }));
  };
}
