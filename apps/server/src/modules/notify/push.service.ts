import { LANGS, type Lang, type NoticeKind } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { Db } from '../../core/db/database.js';
import type { Inbox } from './inbox.js';
import type { PushKeys } from './push-keys.js';
import * as repo from './push.repository.js';

/**
 * Whether `endpoint` is an https URL of one of `hosts` (or a sub-domain): the server posts to
 * it, so a trader must not be able to point it anywhere else (docs/notifications.md).
 */
export function isPushServiceUrl(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The trader's browsers that receive push notifications, and which kinds they get. */
export class PushService {
  constructor(
    private readonly deps: {
      db: Db;
      inbox: Inbox;
      keys: PushKeys;
      hosts: readonly string[];
      now: () => number;
    },
  ) {}

  async publicKey(): Promise<string> {
    return (await this.deps.keys.get()).publicKey;
  }

  async subscribe(
    userId: number,
    lang: Lang,
    input: { endpoint: string; p256dh: string; auth: string; show_amounts: number },
  ): Promise<void> {
    if (!isPushServiceUrl(input.endpoint, this.deps.hosts))
      throw AppError.rule('errors.push_endpoint_invalid', { field: 'endpoint' });
    // An endpoint another account subscribed is taken over only by the browser that holds it:
    // its keys (the auth secret never leaves that browser and this server) prove it. Knowing
    // the URL alone moves nothing.
    const held = await repo.findSubscriptionByEndpoint(this.deps.db, input.endpoint);
    if (held && Number(held.user_id) !== userId && (held.p256dh !== input.p256dh || held.auth !== input.auth))
      throw AppError.rule('errors.push_endpoint_invalid', { field: 'endpoint' });
    await repo.upsertSubscription(this.deps.db, {
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      lang: (LANGS as readonly string[]).includes(lang) ? lang : 'en',
      show_amounts: input.show_amounts,
      created_at: this.deps.now(),
    });
  }

  /** Forgets one of the caller's browsers; another user's endpoint answers "not found". */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    if (!(await repo.deleteSubscription(this.deps.db, userId, endpoint)))
      throw AppError.rule('errors.push_subscription_not_found');
  }

  async settings(userId: number) {
    const [browsers, kinds] = await Promise.all([
      repo.listSubscriptions(this.deps.db, userId),
      this.deps.inbox.switches(userId, 'push'),
    ]);
    return { subscriptions: browsers.length, kinds };
  }

  async setSwitch(userId: number, kind: NoticeKind, on: boolean) {
    await this.deps.inbox.setSwitch(userId, kind, on, 'push');
    return this.settings(userId);
  }
}
