import { alertSetOf, deleteAlertEndpoint, listAlertsEndpoint, setAlertEndpoint } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-hook.js';
import { idempotencyKey } from '../../../http/idempotency-key.js';
import { registerEndpoint, Success } from '../../../http/route.js';
import type { AlertService } from './alert.service.js';

/** The trader's price alerts (docs/api.md "Price alerts"): only ever the caller's own. */
export function registerAlertRoutes(app: FastifyInstance, alerts: AlertService): void {
  registerEndpoint(app, listAlertsEndpoint, (_input, request) => alerts.list(sessionOf(request).userId));
  registerEndpoint(
    app,
    setAlertEndpoint,
    async (input, request) =>
      new Success(
        await alerts.set(sessionOf(request).userId, alertSetOf(input), idempotencyKey(request)),
        'alerts.saved',
      ),
  );
  registerEndpoint(app, deleteAlertEndpoint, async ({ id }, request) => {
    await alerts.delete(sessionOf(request).userId, id);
    return new Success({}, 'alerts.deleted');
  });
}
