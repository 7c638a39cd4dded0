import {
  pushKeyEndpoint,
  pushSettingsEndpoint,
  pushSubscribeEndpoint,
  pushSwitchEndpoint,
  pushUnsubscribeEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { PushService } from './push.service.js';

/** The caller's browsers for web push (docs/api.md "Web push"). */
export function registerPushRoutes(app: FastifyInstance, push: PushService): void {
  registerEndpoint(app, pushKeyEndpoint, async () => ({ public_key: await push.publicKey() }));
  registerEndpoint(app, pushSubscribeEndpoint, async (input, request) => {
    await push.subscribe(sessionOf(request).userId, request.lang, input);
    return new Success({ subscribed: 1 }, 'inbox.push_on');
  });
  registerEndpoint(app, pushUnsubscribeEndpoint, async ({ endpoint }, request) => {
    await push.unsubscribe(sessionOf(request).userId, endpoint);
    return new Success({}, 'inbox.push_off');
  });
  registerEndpoint(app, pushSettingsEndpoint, (_input, request) => push.settings(sessionOf(request).userId));
  registerEndpoint(app, pushSwitchEndpoint, ({ kind, enabled }, request) =>
    push.setSwitch(sessionOf(request).userId, kind, enabled === 1),
  );
}
