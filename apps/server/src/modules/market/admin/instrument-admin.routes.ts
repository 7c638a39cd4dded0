import {
  adminCategoriesEndpoint,
  adminInstrumentsEndpoint,
  adminSaveCategoryEndpoint,
  adminSaveInstrumentEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success } from '../../../http/route.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { InstrumentAdminService } from './instrument-admin.service.js';

export function registerInstrumentAdminRoutes(
  app: FastifyInstance,
  instruments: InstrumentAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminInstrumentsEndpoint, now, ({ category_id }) =>
    instruments.list(category_id),
  );
  registerAdminEndpoint(
    app,
    adminSaveInstrumentEndpoint,
    now,
    async (input, call) => new Success(await instruments.save(input, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(app, adminCategoriesEndpoint, now, () => instruments.categories());
  registerAdminEndpoint(
    app,
    adminSaveCategoryEndpoint,
    now,
    async (input, call) => new Success(await instruments.saveCategory(input, call.audit), 'admin.saved'),
  );
}
