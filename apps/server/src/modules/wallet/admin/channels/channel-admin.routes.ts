import {
  adminChannelsEndpoint,
  adminCurrenciesEndpoint,
  adminSaveChannelEndpoint,
  adminSaveCurrencyEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success } from '../../../../http/route.js';
import { registerAdminEndpoint } from '../../../../http/admin-endpoint.js';
import type { ChannelAdminService } from './channel-admin.service.js';

export function registerChannelAdminRoutes(
  app: FastifyInstance,
  channels: ChannelAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminChannelsEndpoint, now, ({ kind }) => channels.channels(kind));
  registerAdminEndpoint(
    app,
    adminSaveChannelEndpoint,
    now,
    async (input, call) => new Success(await channels.saveChannel(input, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(app, adminCurrenciesEndpoint, now, ({ type }) => channels.currencies(type));
  registerAdminEndpoint(
    app,
    adminSaveCurrencyEndpoint,
    now,
    async (input, call) => new Success(await channels.saveCurrency(input, call.audit), 'admin.saved'),
  );
}
