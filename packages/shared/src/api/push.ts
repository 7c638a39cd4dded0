import { z } from 'zod';
import { NOTICE_KINDS } from '../domain/notices.js';
import { defineEndpoint } from './endpoint.js';
import { intEnum, intEnumWithDefault, textField } from './fields.js';

/** A base64url string of `min`–`max` characters (a browser's subscription keys). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** GET /v1/api/push/key — the server's VAPID public key, to subscribe a browser with. */
export const pushKeyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/push/key',
  input: z.object({}),
  output: z.object({ public_key: z.string() }),
  auth: true,
});

/**
 * POST /v1/api/push/subscribe — this browser's subscription (PushSubscription.toJSON()):
 * `endpoint` an https URL of an accepted push service, its `p256dh` and `auth` keys, and
 * whether its notifications may show amounts (0 by default). The same endpoint again
 * replaces it (docs/notifications.md "Web push").
 */
export const pushSubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/push/subscribe',
  input: z.object({
    endpoint: textField(1000).pipe(z.string().min(1)),
    p256dh: base64url(80, 100),
    auth: base64url(16, 32),
    show_amounts: intEnumWithDefault([0, 1], 0),
  }),
  output: z.object({ subscribed: z.number().int() }),
  auth: true,
});

/** POST /v1/api/push/unsubscribe — forgets one of the caller's browsers. */
export const pushUnsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/push/unsubscribe',
  input: z.object({ endpoint: textField(1000).pipe(z.string().min(1)) }),
  output: z.object({}),
  auth: true,
});

const PushSwitchesSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.number().int()])) as Record<
    (typeof NOTICE_KINDS)[number],
    z.ZodNumber
  >,
);

/** GET /v1/api/push/settings — how many browsers receive pushes, and per kind 1 when pushed. */
export const pushSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/push/settings',
  input: z.object({}),
  output: z.object({ subscriptions: z.number().int(), kinds: PushSwitchesSchema }),
  auth: true,
});

/** POST /v1/api/push/switch — pushes one kind (1) or not (0); the inbox keeps it either way. */
export const pushSwitchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/push/switch',
  input: z.object({ kind: z.enum(NOTICE_KINDS), enabled: intEnum([0, 1]) }),
  output: z.object({ subscriptions: z.number().int(), kinds: PushSwitchesSchema }),
  auth: true,
});
