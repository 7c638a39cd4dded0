import type { Db } from '../../core/db/database.js';
import type { ServerLog } from '../../core/index.js';
import type { Notifier, OutgoingMessage } from './notifier.js';
import {
  claimMail,
  deleteMail,
  dueMails,
  insertMail,
  markFailed,
  markSent,
  type QueuedMail,
} from './mail-queue.repository.js';
import { OutboxRunner } from './outbox-runner.js';

/**
 * Turns a queued mail into the message to send, at send time (a statement's PDF is made
 * then, never stored); null when there is nothing to send any more (no e-mail address).
 */
export type MailRenderer = (mail: { userId: number; payload: unknown }) => Promise<OutgoingMessage | null>;

/** How long an instance holds a mail it is sending before another may try it, ms. */
const CLAIM_MS = 5 * 60_000;
/** Tries before a mail is given up (`failed`, seen in the back office's outbox). */
const MAX_ATTEMPTS = 6;

/**
 * E-mails written in the transaction that decided them and sent after the commit
 * (docs/statements.md "Mail queue"): at least once, by whichever instance claims each row
 * first. A crash after the send and before `sent` is recorded sends it again; a crash before
 * the commit never queued it.
 */
export class MailQueue {
  private readonly renderers = new Map<string, MailRenderer>();
  private readonly runner: OutboxRunner<QueuedMail>;

  constructor(private readonly deps: { db: Db; notifier: Notifier; log: ServerLog; now: () => number }) {
    this.runner = new OutboxRunner(
      {
        name: 'mail queue',
        due: (now, size) => dueMails(deps.db, now, size),
        claim: (mail, until) => claimMail(deps.db, mail, until),
        send: (mail) => this.send(mail),
        claimMs: CLAIM_MS,
      },
      deps.log,
      deps.now,
    );
  }

  register(kind: string, renderer: MailRenderer): void {
    this.renderers.set(kind, renderer);
  }

  /** Queues a mail in the caller's transaction; returns its id. */
  enqueue(trx: Db, mail: { kind: string; userId: number; payload: unknown }): Promise<number> {
    const now = this.deps.now();
    return insertMail(trx, {
      kind: mail.kind,
      user_id: mail.userId,
      payload: JSON.stringify(mail.payload),
      due_at: now,
      created_at: now,
    });
  }

  /** Takes back a mail queued in this transaction (the caller decided not to send it). */
  cancel(trx: Db, id: number): Promise<void> {
    return deleteMail(trx, id);
  }

  /** Sends what is due; one pass at a time in this process. Returns how many were sent. */
  dispatch(): Promise<number> {
    return this.runner.dispatch();
  }

  start(everyMs: number): () => void {
    return this.runner.start(everyMs);
  }

  private async send(mail: QueuedMail): Promise<boolean> {
    const { db, notifier, log, now } = this.deps;
    const id = Number(mail.id);
    try {
      const render = this.renderers.get(mail.kind);
      if (!render) throw new Error(`no renderer for mail kind ${mail.kind}`);
      const message = await render({ userId: Number(mail.user_id), payload: JSON.parse(mail.payload) });
      if (message) await notifier.email(message);
      await markSent(db, id, now());
      return message !== null;
    } catch (err) {
      const attempts = mail.attempts + 1;
      const retryAt = attempts >= MAX_ATTEMPTS ? null : now() + 60_000 * 2 ** attempts;
      log.error({ err, mail: id, kind: mail.kind, attempts }, 'queued mail not sent');
      await markFailed(db, id, err instanceof Error ? err.message : String(err), retryAt);
      return false;
    }
  }
}
