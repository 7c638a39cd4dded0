import { adminOutboxEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { OutboxService } from '../../notify/index.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';

/** The e-mail/SMS outbox, for support (where no SMTP server is configured, codes wait here). */
export function registerOutboxRoutes(app: FastifyInstance, outbox: OutboxService, now: () => number): void {
  registerAdminEndpoint(app, adminOutboxEndpoint, now, (input) =>
    outbox.page({ channel: input.channel, status: input.status, recipient: input.recipient }, input.page),
  );
}
