import webpush from 'web-push';
import type { Db } from '../../core/db/database.js';
import { findVapidKeys, insertVapidKeys } from './push.repository.js';

/** The server's VAPID identity: the key pair browsers subscribe with, and who sends. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL the push services may contact. */
  subject: string;
}

/**
 * The VAPID key pair (docs/notifications.md "Web push"): made once, at the first start of
 * any instance, and kept in the database — every instance signs with the same pair, and a
 * browser's subscription (made against the public key) stays valid across restarts.
 */
export class PushKeys {
  private cached: Promise<VapidIdentity> | undefined;

  constructor(
    private readonly db: Db,
    private readonly subject: string,
    private readonly now: () => number,
  ) {}

  get(): Promise<VapidIdentity> {
    this.cached ??= this.load().catch((err: unknown) => {
      this.cached = undefined;
      throw err;
    });
    return this.cached;
  }

  private async load(): Promise<VapidIdentity> {
    let row = await findVapidKeys(this.db);
    if (!row) {
      const made = webpush.generateVAPIDKeys();
      await insertVapidKeys(this.db, {
        public_key: made.publicKey,
        private_key: made.privateKey,
        created_at: this.now(),
      });
      // Another instance may have stored its pair first: the stored one is the pair.
      row = await findVapidKeys(this.db);
      if (!row) throw new Error('VAPID keys were not stored');
    }
    return { publicKey: row.public_key, privateKey: row.private_key, subject: this.subject };
  }
}
