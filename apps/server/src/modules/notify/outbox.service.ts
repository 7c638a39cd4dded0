import type { Db } from '../../core/db/database.js';
import { adminPage } from '../../core/db/paging.js';
import { pageOutbox, type OutboxFilter } from './outbox.repository.js';

/** The e-mail/SMS outbox as support reads it (where no SMTP server is configured, codes wait here). */
export class OutboxService {
  constructor(private readonly db: Db) {}

  /** One page of messages, newest first, with the total. */
  page(filter: OutboxFilter, page: number) {
    return adminPage(
      page,
      (limit, offset) => pageOutbox(this.db, filter, limit, offset),
      (r) => ({
        id: Number(r.id),
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        status: r.status,
        error: r.error,
        created_at: Number(r.created_at),
      }),
    );
  }
}
