import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/create-db.js';
import type { Db } from './db/database.js';
import { DomainEvents } from './domain-events.js';
import { createTranslator, type Translator } from './i18n.js';
import { AccountTransactions } from './money/account-transactions.js';
import { SettingsService } from './settings/settings.service.js';

/** What every module may use: the layer below them all (docs/architecture.md "Layers"). */
export interface Core {
  db: Db;
  dialect: DatabaseHandle['dialect'];
  t: Translator;
  settings: SettingsService;
  events: DomainEvents;
  /** Money moves here: one transaction per user, under the user's lock, with its ledger row. */
  transactions: AccountTransactions;
  now: () => number;
  log: ServerLog;
}

export type ServerLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

export const silentLog: ServerLog = { info: () => undefined, error: () => undefined };

export function createCore(handle: DatabaseHandle, now: () => number, log: ServerLog): Core {
  const { db } = handle;
  const events = new DomainEvents((err, event) =>
    log.error({ err, event: event.type, userId: event.userId }, 'event listener failed'),
  );
  return {
    db,
    dialect: handle.dialect,
    t: createTranslator(),
    settings: new SettingsService(db),
    events,
    transactions: new AccountTransactions(db, events, now),
    now,
    log,
  };
}
