import { fromMicros, pointsToPrice, type ForexTradePush, type MicroUsd } from '@pipwise/shared';
import type { DomainEvent, DomainEvents } from '../core/domain-events.js';
import type { MarketService } from '../modules/market/index.js';
import { figuresDto, figuresOf } from '../modules/trading/index.js';
import type { TradingEngine } from '../modules/trading/index.js';
import { toOrderDto } from '../modules/trading/index.js';
import type { Valuation } from '../modules/trading/index.js';
import type { Hub } from './hub.js';

export interface TradingPushDeps {
  hub: Hub;
  events: DomainEvents;
  engine: TradingEngine;
  market: MarketService;
  valuation: Valuation;
}

/**
 * Connects committed changes and ticks to the private socket topics (docs/api.md "Live
 * socket"): every state change of an order is a FOREX_ORDER event (and a close a
 * FOREX_CLOSED one), and anything that moves an account marks its FOREX_TRADE dirty; that
 * payload is built at flush time, a few times a second at most, from the engine's index.
 * It carries every figure of the account, the amount held by withdrawals (`lock_balance`)
 * included, and a balance-only change (a deposit credited, a withdrawal held, paid or
 * released) sends it too, with or without open positions: the app shows all of its figures
 * from this one message (docs/api.md "Live socket").
 */
export function wireTradingPushes({ hub, events, engine, market, valuation }: TradingPushDeps): void {
  /** Balances of connected users without live orders (the index keeps none for them). */
  const balances = new Map<number, { balance: MicroUsd; lock: MicroUsd }>();

  const onEvent = (event: DomainEvent): void => {
    if (!hub.hasUser(event.userId)) {
      balances.delete(event.userId);
      return;
    }
    balances.set(event.userId, event.type === 'balance' ? event : event.account);
    if (event.type === 'order') {
      const inst = market.instrument(event.order.instrument_id);
      if (inst)
        hub.pushEvent(event.userId, 'FOREX_ORDER', {
          event: event.event,
          order: toOrderDto(event.order, inst),
        });
      if (event.event === 'closed' || event.event === 'cancelled') {
        hub.pushEvent(event.userId, 'FOREX_CLOSED', {
          Id: Number(event.order.id),
          reason: event.reason ?? 'manual',
          FactProfits: fromMicros(event.order.profit).toNumber(),
        });
      }
    }
    hub.markUserDirty(event.userId, 'FOREX_TRADE');
  };
  events.subscribe(onEvent);
  // A tick moved the figures of everyone exposed to it: of those, the ones with a socket here
  // get fresh figures. Whichever is fewer is walked — the users connected here, or the users
  // the prices moved (an engine watching 50,000 accounts, a handful connected here).
  engine.onAccountsMoved((ids) => {
    const { index } = engine;
    const moved = ids.reduce((sum, id) => sum + index.exposedCount(id), 0);
    if (moved === 0) return;
    if (hub.userCount < moved) {
      for (const userId of hub.userIds())
        if (ids.some((id) => index.isExposed(id, userId))) hub.markUserDirty(userId, 'FOREX_TRADE');
    } else
      for (const id of ids)
        for (const userId of index.usersExposedTo(id)) hub.markUserDirty(userId, 'FOREX_TRADE');
  });

  hub.setUserTopicProvider('FOREX_TRADE', (userId): ForexTradePush | null => {
    const account = engine.index.accounts.get(userId);
    const state = account
      ? { balance: account.balance, lock: account.lock, positions: account.positions.values() }
      : balances.has(userId)
        ? { ...balances.get(userId)!, positions: [] }
        : null;
    if (!state) return null;
    const f = figuresOf(state, valuation, market);
    return {
      orders: [...f.values].map(([Id, v]) => ({
        Id,
        UpdatePrice: pointsToPrice(v.price, v.precision),
        FactProfits: fromMicros(v.profit).toNumber(),
      })),
      all_fact_profits: f.floating.toNumber(),
      ...figuresDto(f),
      lock_balance: f.held.toNumber(),
      margin_call: account?.marginCalled ?? false,
    };
  });
}
