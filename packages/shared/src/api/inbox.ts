import { z } from 'zod';
import { NOTICE_KINDS } from '../domain/notices.js';
import { defineEndpoint } from './endpoint.js';
import { idField, intEnum, optionalId, pageField } from './fields.js';

/** One notice of the inbox; `data` is the kind's (NoticeData), shown in the trader's language. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  data: z.record(z.string(), z.unknown()),
  created_at: z.number().int(),
  /** 1 once read. */
  read: z.number().int(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** GET /v1/api/inbox/list?page= — newest first, 20 a page, with the unread count. */
export const inboxListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/inbox/list',
  input: z.object({ page: pageField }),
  output: z.object({ data: z.array(NoticeSchema), total: z.number().int(), unread: z.number().int() }),
  auth: true,
});

/** GET /v1/api/inbox/notice?id= — one of the caller's notices (a stop-out receipt opened from the account log). */
export const inboxNoticeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/inbox/notice',
  input: z.object({ id: idField }),
  output: NoticeSchema,
  auth: true,
});

/** POST /v1/api/inbox/read — marks one of the caller's notices read, or (no id) all of them. */
export const inboxReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/inbox/read',
  input: z.object({ id: optionalId }),
  output: z.object({ unread: z.number().int() }),
  auth: true,
});

const NoticeSwitchesSchema = z.object(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, z.number().int()])) as Record<
    (typeof NOTICE_KINDS)[number],
    z.ZodNumber
  >,
);

/** GET /v1/api/inbox/settings — per kind, 1 when the inbox keeps it (all on by default). */
export const inboxSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/inbox/settings',
  input: z.object({}),
  output: NoticeSwitchesSchema,
  auth: true,
});

/** POST /v1/api/inbox/switch — turns one kind on (1) or off (0). */
export const inboxSwitchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/inbox/switch',
  input: z.object({
    kind: z.enum(NOTICE_KINDS),
    enabled: intEnum([0, 1]),
  }),
  output: NoticeSwitchesSchema,
  auth: true,
});

/**
 * Margin warning levels (%) as a form sends them: up to 5 whole numbers from 1 to 10,000,
 * comma-separated ("200,150,100"); absent or empty: no warnings. Answered highest first,
 * once each.
 */
const marginLevels = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? '' : v),
  z
    .string()
    .max(40)
    .regex(/^(|[1-9]\d{0,4}(,[1-9]\d{0,4}){0,4})$/)
    .transform((s) => (s === '' ? [] : [...new Set(s.split(',').map(Number))].sort((a, b) => b - a)))
    .pipe(z.array(z.number().int().min(1).max(10_000))),
);

/** GET /v1/api/inbox/margin_levels — the caller's warning levels (default 200, 150, 100). */
export const marginLevelsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/inbox/margin_levels',
  input: z.object({}),
  output: z.object({ levels: z.array(z.number().int()) }),
  auth: true,
});

/** POST /v1/api/inbox/margin_levels — sets them (`levels`: "200,150,100"; absent or "" for none). */
export const setMarginLevelsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/inbox/margin_levels',
  input: z.object({ levels: marginLevels }),
  output: z.object({ levels: z.array(z.number().int()) }),
  auth: true,
});
