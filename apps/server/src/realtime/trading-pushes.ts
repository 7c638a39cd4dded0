import { fromMicros, pointsToPrice } from '@pipwise/shared';
import type { AccountFiguresService } from '../modules/trading/account-figures.js';
import type { EngineListener } from '../modules/trading/engine.js';
import type { Hub } from './hub.js';

/**
 * Connects the engine to the private socket topics: an account change marks the user's
 * FOREX_TRADE dirty (its payload is built at flush time, a few times a second at most, from
 * the engine's memory), and every close is an event on FOREX_CLOSED.
 */
export function wireTradingPushes(hub: Hub): {
  listener: EngineListener;
  provide(figures: AccountFiguresService): void;
} {
  const listener: EngineListener = {
    accountChanged(userId) {
      hub.markUserDirty(userId, 'FOREX_TRADE');
    },
    orderClosed(userId, event) {
      hub.pushEvent(userId, 'FOREX_CLOSED', event);
      hub.markUserDirty(userId, 'FOREX_TRADE');
    },
  };

  return {
    listener,
    provide(figures) {
      hub.setUserTopicProvider('FOREX_TRADE', (userId) => {
        const account = figures.engineAccount(userId);
        if (!account) return null;
        const s = figures.snapshot(account);
        return {
          orders: [...s.values].map(([Id, v]) => ({
            Id,
            UpdatePrice: pointsToPrice(v.price, v.precision),
            FactProfits: fromMicros(v.profit).toNumber(),
          })),
          all_fact_profits: s.floating_profit,
          balance: s.balance,
          equity: s.equity,
          margin: s.margin,
          free_margin: s.free_margin,
          margin_level: s.margin_level,
          risk_rate: s.risk_rate,
          margin_call: s.marginCall,
        };
      });
    },
  };
}
