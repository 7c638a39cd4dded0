import { ADMIN_PAGE_SIZE, adminOutboxEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.js';
import { pageOutbox } from '../../notify/outbox.repository.js';
import { registerAdminEndpoint } from '../admin-route.js';

/** The e-mail/SMS outbox, for support (where no SMTP server is configured, codes wait here). */
export function registerOutboxRoutes(app: FastifyInstance, db: Db, now: () => number): void {
  registerAdminEndpoint(app, adminOutboxEndpoint, now, async (input) => {
    const { rows, total } = await pageOutbox(
      db,
      { channel: input.channel, status: input.status, recipient: input.recipient },
      ADMIN_PAGE_SIZE,
      (input.page - 1) * ADMIN_PAGE_SIZE,
    );
    return {
      data: rows.map((r) => ({
        id: Number(r.id),
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        status: r.status,
        error: r.error,
        created_at: Number(r.created_at),
      })),
      total,
    };
  });
}
