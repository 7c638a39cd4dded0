import { randomUUID } from 'node:crypto';
import type { AnnouncementSendState } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { adminPage } from '../../core/db/paging.js';
import type { ServerLog } from '../../core/index.js';
import * as repo from './broadcast.repository.js';
import type { BroadcastRow } from './broadcast.repository.js';
import type { NoticeWriter } from './inbox.js';
import { OutboxRunner } from './outbox-runner.js';

/** Traders written per transaction. */
const BATCH_SIZE = 500;
/** How long an instance holds a broadcast between two batches before another may take it over, ms. */
const LEASE_MS = 60_000;

export interface AnnouncementBroadcastsDeps {
  db: Db;
  inbox: NoticeWriter;
  /**
   * The traders after a user id, in id order, at most `limit` (the auth module's
   * `activeTraderIdsAfter`, handed over by the composition root).
   */
  traders: (db: Db, afterId: number, limit: number) => Promise<number[]>;
  /** How many traders `traders` walks in all, now (the auth module's `countActiveTraders`). */
  countTraders: (db: Db) => Promise<number>;
  log: ServerLog;
  now: () => number;
  batchSize?: number;
  leaseMs?: number;
  /** Who holds a lease (default: a random id per instance of this class). */
  owner?: string;
}

/** A broadcast as the back office sees it. */
export interface BroadcastView {
  id: number;
  announcement_at: number;
  created_at: number;
}

/** A send and how far it went, as the back office lists it (before the operators' e-mails). */
export interface BroadcastProgress extends BroadcastView {
  created_by: number | null;
  state: AnnouncementSendState;
  reached: number;
  written: number;
  total: number | null;
  done_at: number | null;
}

/** Done with its last batch; sending once an instance claimed it (a lease owner); else queued. */
function stateOf(row: BroadcastRow): AnnouncementSendState {
  if (row.done_at !== null) return 'done';
  return row.lease_owner === null ? 'queued' : 'sending';
}

function progressOf(row: BroadcastRow): BroadcastProgress {
  return {
    id: Number(row.id),
    announcement_at: Number(row.announcement_at),
    created_at: Number(row.created_at),
    created_by: row.created_by === null ? null : Number(row.created_by),
    state: stateOf(row),
    reached: Number(row.reached),
    written: Number(row.written),
    total: row.total === null ? null : Number(row.total),
    done_at: row.done_at === null ? null : Number(row.done_at),
  };
}

/** Another instance took the broadcast over, or finished it, while this one worked a batch. */
class LeaseLost extends Error {}

/**
 * The announcement sent to every trader's inbox (docs/notifications.md "Announcements"). An
 * operator's send records a broadcast and returns; this job fans it out: on every instance,
 * each pass takes the broadcasts due, claims each (a lease, one instance wins it) and writes
 * an `announcement` notice per trader through the inbox (its switches and the push outbox
 * apply), a batch per transaction whose cursor moves with its notices. A crash resumes
 * after the last batch committed once the lease expires; `notices.broadcast_id` is unique
 * per trader, so nobody is written twice.
 */
export class AnnouncementBroadcasts {
  readonly owner: string;
  private readonly runner: OutboxRunner<BroadcastRow>;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly deps: AnnouncementBroadcastsDeps) {
    this.owner = deps.owner ?? randomUUID();
    this.batchSize = deps.batchSize ?? BATCH_SIZE;
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.runner = new OutboxRunner(
      {
        name: 'announcement broadcast',
        due: (now, size) => repo.dueBroadcasts(deps.db, now, size),
        claim: (row, until) => repo.claimBroadcast(deps.db, row, this.owner, until),
        send: (row) => this.fanOut(row),
        claimMs: this.leaseMs,
      },
      deps.log,
      deps.now,
    );
  }

  /**
   * Records a send of the announcement's version `announcementAt` in the operator's
   * transaction, with the traders it is to go through counted there; undefined when that
   * version was sent already. The job does the rest.
   */
  async record(
    trx: Db,
    announcementAt: number,
    operatorId: number | null,
  ): Promise<BroadcastView | undefined> {
    const row = await repo.insertBroadcast(trx, {
      announcement_at: announcementAt,
      created_by: operatorId,
      created_at: this.deps.now(),
      total: await this.deps.countTraders(trx),
    });
    if (!row) return undefined;
    return {
      id: Number(row.id),
      announcement_at: Number(row.announcement_at),
      created_at: Number(row.created_at),
    };
  }

  /** Page `page` of the sends, newest first, each with how far it went (docs/notifications.md). */
  page(page: number): Promise<{ data: BroadcastProgress[]; total: number }> {
    return adminPage(page, (limit, offset) => repo.pageBroadcasts(this.deps.db, limit, offset), progressOf);
  }

  /** Works what is due; one pass at a time in this process. Returns how many broadcasts it finished. */
  dispatch(): Promise<number> {
    return this.runner.dispatch();
  }

  start(everyMs: number): () => void {
    return this.runner.start(everyMs);
  }

  /** A claimed broadcast, batch by batch, while this instance holds it; whether it finished it. */
  private async fanOut(row: BroadcastRow): Promise<boolean> {
    const id = Number(row.id);
    const data = { broadcast_id: id, updated_at: Number(row.announcement_at) };
    let cursor = Number(row.last_user_id);
    for (;;) {
      const step = await this.batch(id, cursor, data);
      if (step === 'lost') return false;
      if (step.done) return true;
      cursor = step.cursor;
    }
  }

  /**
   * One batch in one transaction: the next traders after the cursor, the cursor moved past
   * them (only if this instance still holds the broadcast and the cursor is where it read
   * it), a notice for each. Once committed, each trader written is announced on the bus.
   */
  private async batch(
    id: number,
    cursor: number,
    data: { broadcast_id: number; updated_at: number },
  ): Promise<{ cursor: number; done: boolean } | 'lost'> {
    const { db, inbox, now } = this.deps;
    const written: number[] = [];
    let step: { cursor: number; done: boolean };
    try {
      step = await db.transaction().execute(async (trx) => {
        const users = await this.deps.traders(trx, cursor, this.batchSize);
        const done = users.length < this.batchSize;
        const to = users.at(-1) ?? cursor;
        const held = await repo.advanceBroadcast(trx, {
          id,
          owner: this.owner,
          from: cursor,
          to,
          until: now() + this.leaseMs,
          doneAt: done ? now() : null,
        });
        if (!held) throw new LeaseLost();
        for (const userId of users) {
          if (await inbox.write(trx, userId, 'announcement', data, { broadcastId: id })) written.push(userId);
        }
        await repo.countBatch(trx, id, users.length, written.length);
        return { cursor: to, done };
      });
    } catch (err) {
      if (err instanceof LeaseLost) return 'lost';
      throw err;
    }
    for (const userId of written) inbox.announce(userId);
    return step;
  }
}
