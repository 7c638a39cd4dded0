import { adminSaveSettingsEndpoint, adminSettingsEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success } from '../../../http/route.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { SettingsAdminService } from './settings-admin.service.js';

export function registerSettingsAdminRoutes(
  app: FastifyInstance,
  settings: SettingsAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminSettingsEndpoint, now, () => settings.read());
  registerAdminEndpoint(
    app,
    adminSaveSettingsEndpoint,
    now,
    async (input, call) => new Success(await settings.save(input, call.operator, call.audit), 'admin.saved'),
  );
}
