import type { Agent } from 'node:https';
import type { NoticeKind } from '@pipwise/shared';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../core/db/database.js';
import type { Translator } from '../../core/i18n.js';
import type { ServerLog } from '../../core/index.js';
import { findNotice } from './inbox.repository.js';
import { pushBody, pushTitle } from './push-text.js';
import * as repo from './push.repository.js';
import type { PushOutboxRow } from './push.repository.js';
import type { PushKeys } from './push-keys.js';
import { OutboxRunner } from './outbox-runner.js';

/** How long an instance holds a push it is sending before another may try it, ms. */
const CLAIM_MS = 60_000;
/** Tries before a push is given up (a notification hours late is no use to a trader). */
const MAX_ATTEMPTS = 6;
/** How long the push service keeps it for a browser that is offline, s. */
const TTL_S = 24 * 3600;

export interface PushSenderDeps {
  db: Db;
  t: Translator;
  log: ServerLog;
  now: () => number;
  keys: PushKeys;
  /** Used for the push services' TLS (tests bring one trusting their own push endpoint). */
  agent?: Agent;
}

/**
 * Sends the push outbox (docs/notifications.md "Web push"): each row is claimed by one
 * instance, encrypted for its browser (aes128gcm, web-push) and sent to the subscription's
 * push service. A subscription the service says is gone (404, 410) is forgotten; other
 * failures retry with a backoff of 30 s × 2ⁿ. A crash between the send and its `sent` mark
 * sends it again: the notification's tag (the notice's id) makes the browser show it once.
 */
export class PushSender {
  private readonly runner: OutboxRunner<PushOutboxRow>;

  constructor(private readonly deps: PushSenderDeps) {
    this.runner = new OutboxRunner(
      {
        name: 'push outbox',
        due: (now, size) => repo.duePushes(deps.db, now, size),
        claim: (row, until) => repo.claimPush(deps.db, row, until),
        send: (row) => this.send(row),
        claimMs: CLAIM_MS,
      },
      deps.log,
      deps.now,
    );
  }

  /** Sends what is due; one pass at a time in this process. Returns how many were sent. */
  dispatch(): Promise<number> {
    return this.runner.dispatch();
  }

  start(everyMs: number): () => void {
    return this.runner.start(everyMs);
  }

  private async send(row: PushOutboxRow): Promise<boolean> {
    const { db, t, log, now } = this.deps;
    const id = Number(row.id);
    const [subscription, notice] = await Promise.all([
      repo.findSubscription(db, Number(row.subscription_id)),
      findNotice(db, Number(row.notice_id)),
    ]);
    if (!subscription || !notice) {
      await repo.finishPush(db, id, { status: 'gone', now: now() });
      return false;
    }
    const payload = JSON.stringify({
      title: pushTitle(t, subscription.lang),
      body: pushBody(
        t,
        subscription.lang,
        notice.kind as NoticeKind,
        JSON.parse(notice.data) as Record<string, unknown>,
        subscription.show_amounts === 1,
      ),
      tag: `notice-${notice.id}`,
      // An announcement opens the announcement's page; every other notice, the inbox.
      url: notice.kind === 'announcement' ? '/mine/announcement' : '/inbox',
    });
    try {
      const keys = await this.deps.keys.get();
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_S,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          timeout: 10_000,
          ...(this.deps.agent ? { agent: this.deps.agent } : {}),
        },
      );
      await repo.finishPush(db, id, { status: 'sent', now: now() });
      return true;
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : 0;
      if (status === 404 || status === 410) {
        await repo.forgetSubscription(db, Number(subscription.id));
        await repo.finishPush(db, id, {
          status: 'gone',
          now: now(),
          error: `push service answered ${status}`,
        });
        return false;
      }
      const attempts = row.attempts + 1;
      const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
      log.error({ err, push: id, attempts }, 'push not sent');
      await repo.finishPush(
        db,
        id,
        attempts >= MAX_ATTEMPTS
          ? { status: 'failed', now: now(), error }
          : { retryAt: now() + 30_000 * 2 ** attempts, error },
      );
      return false;
    }
  }
}
