import { type CloseReason, type OrderEvent, type MicroUsd } from '@pipwise/shared';
import type { Selectable } from 'kysely';
import type { OrderTable, PriceAlertTable } from './db/database.js';

/**
 * What changed, told after the transaction that changed it has committed (never before:
 * a rolled-back change is never heard of). The engine's index, the socket pushes and, in
 * the scaled shape, the bridge to other instances listen here (docs/architecture.md).
 */
export type DomainEvent = UnsequencedEvent & {
  /**
   * The account's `change_seq` after the transaction that made this change (every event of
   * one transaction carries the same): an index built from a read of the database at
   * sequence n already holds every event ≤ n (docs/money.md "The engine's memory").
   */
  seq: number;
  /** Its place among the events of that transaction, from 0. */
  part: number;
};

/** An event as the work inside a transaction queues it, before the commit numbers it. */
export type UnsequencedEvent =
  | {
      type: 'balance';
      userId: number;
      /** Micro-USD after the change. */
      balance: MicroUsd;
      lock: MicroUsd;
      /** Set when the account moved to another trading group (docs/trading-groups.md). */
      groupId?: number;
    }
  | {
      type: 'order';
      event: OrderEvent;
      userId: number;
      /** The order row as committed. */
      order: Selectable<OrderTable>;
      /** Why it ended (cancelled and closed orders). */
      reason?: CloseReason;
      /** The owner's account after the change (micro-USD), so an index can start from it. */
      account: { balance: MicroUsd; lock: MicroUsd; groupId?: number | null };
    }
  | {
      /** A price alert set (new or edited), removed, or fired (docs/notifications.md). */
      type: 'alert';
      event: 'set' | 'removed' | 'fired';
      userId: number;
      alert: Selectable<PriceAlertTable>;
      /** The owner's account as it stands, so an index can start from it. */
      account: { balance: MicroUsd; lock: MicroUsd };
    }
  | {
      /** A trader's margin warning levels, or which of them fired, changed (docs/notifications.md). */
      type: 'warnings';
      userId: number;
      levels: number[];
      fired: number[];
      account: { balance: MicroUsd; lock: MicroUsd };
    };

/** A listener hears every event; `remote` is true for one committed by another instance. */
export type DomainEventListener = (event: DomainEvent, remote: boolean) => void;

export class DomainEvents {
  private readonly listeners = new Set<DomainEventListener>();

  /** @param onListenerError a listener that throws is reported here, never to the publisher. */
  constructor(private readonly onListenerError: (err: unknown, event: DomainEvent) => void = () => {}) {}

  /**
   * Tells every listener, synchronously and in subscription order. The change is already
   * committed, so a failing listener must not fail the request that made it.
   */
  publish(event: DomainEvent, remote = false): void {
    for (const listener of this.listeners) {
      try {
        listener(event, remote);
      } catch (err) {
        this.onListenerError(err, event);
      }
    }
  }

  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
