import { z } from 'zod';
import { LANGS } from '../../languages.js';
import {
  FEEDBACK_TOPICS,
  FeedbackEntrySchema,
  IMAGE_URL_MAX,
  NEWS_CONTENT_MAX,
  NEWS_DESC_MAX,
  NEWS_TITLE_MAX,
} from '../content.js';
import { defineEndpoint } from '../endpoint.js';
import {
  idField,
  intField,
  optionalId,
  optionalIntEnum,
  pageField,
  requiredText,
  signedDecimalField,
  smallIdField,
  textField,
} from '../fields.js';
import { flagField, operatorAccess, pageOf, ROLES } from './common.js';

/**
 * Content operators keep the news, the announcement and the follow-trader ranking; support
 * works the feedback queue (docs/api.md "Content and support"). HTML is sanitized by the
 * server when saved (scripts, event handlers, `javascript:` URLs and foreign frames are
 * removed) and again by the app when shown.
 */

const langField = z.enum(LANGS);

/** Text that may be left out or empty (no cover image, no summary): absent is "". */
const emptyByDefault = (max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), textField(max));

// ---- News ------------------------------------------------------------------------------

export const AdminNewsItemSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** The title in the base language. */
  title: z.string(),
  base_lang: z.string(),
  logo: z.string(),
  published: z.boolean(),
  /** Seeded by the first start: replace or delete it. */
  is_sample: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

/** GET /api/admin/news/list — every article, published or not, newest first (20 a page). */
export const adminNewsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/news/list',
  input: z.object({ page: pageField }),
  output: pageOf(AdminNewsItemSchema),
  ...operatorAccess(ROLES.content),
});

export const AdminNewsArticleSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  base_lang: z.string(),
  logo: z.string(),
  published: z.boolean(),
  is_sample: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  /** Each language's text as stored (HTML already sanitized). */
  translations: z.partialRecord(
    langField,
    z.object({ title: z.string(), desc: z.string(), content: z.string() }),
  ),
});
export type AdminNewsArticle = z.infer<typeof AdminNewsArticleSchema>;

/** GET /api/admin/news/detail — one article with every language's text. */
export const adminNewsDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/news/detail',
  input: z.object({ id: idField }),
  output: AdminNewsArticleSchema,
  ...operatorAccess(ROLES.content),
});

/**
 * POST /api/admin/news/save — creates (no `id`) or edits an article, and writes the text of
 * one language (`lang`); the other languages' texts are kept. A new article's first text
 * must be in its `base_lang`. `logo` is a `/static/…` path or an https image URL (or empty).
 * Answers the article as stored.
 */
export const adminSaveNewsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/news/save',
  input: z.object({
    id: optionalId,
    category_id: smallIdField,
    base_lang: langField,
    logo: emptyByDefault(IMAGE_URL_MAX),
    published: flagField,
    lang: langField,
    title: requiredText(NEWS_TITLE_MAX),
    desc: emptyByDefault(NEWS_DESC_MAX),
    content: emptyByDefault(NEWS_CONTENT_MAX),
  }),
  output: AdminNewsArticleSchema,
  ...operatorAccess(ROLES.content),
});

/** POST /api/admin/news/remove_translation — drops one language's text (never the base language's). */
export const adminRemoveNewsTranslationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/news/remove_translation',
  input: z.object({ id: idField, lang: langField }),
  output: AdminNewsArticleSchema,
  ...operatorAccess(ROLES.content),
});

/** POST /api/admin/news/delete — deletes an article. */
export const adminDeleteNewsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/news/delete',
  input: z.object({ id: idField }),
  output: z.null(),
  ...operatorAccess(ROLES.content),
});

// ---- The announcement ------------------------------------------------------------------

export const AdminAnnouncementSchema = z.object({
  lang: z.string(),
  title: z.string(),
  content: z.string(),
  is_sample: z.boolean(),
  updated_by: z.number().int().nullable(),
  updated_at: z.number().int(),
});

/** GET /api/admin/announcement/list — the announcement of every language that has one. */
export const adminAnnouncementsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/announcement/list',
  input: z.object({}),
  output: z.array(AdminAnnouncementSchema),
  ...operatorAccess(ROLES.content),
});

/** POST /api/admin/announcement/save — writes one language's announcement (English is the fallback). */
export const adminSaveAnnouncementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/announcement/save',
  input: z.object({
    lang: langField,
    title: requiredText(NEWS_TITLE_MAX),
    content: requiredText(NEWS_CONTENT_MAX),
  }),
  output: AdminAnnouncementSchema,
  ...operatorAccess(ROLES.content),
});

/**
 * POST /api/admin/announcement/broadcast — sends the announcement to every trader's inbox
 * (docs/notifications.md "Announcements"). `updated_at` is the version the operator sees
 * (the newest `updated_at` of the list): refused when the announcement changed since, or
 * when that version was already sent. Answers at once; a job writes the notices.
 */
export const adminBroadcastAnnouncementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/announcement/broadcast',
  input: z.object({ updated_at: intField(1, Number.MAX_SAFE_INTEGER) }).strict(),
  output: z.object({
    id: z.number().int(),
    announcement_at: z.number().int(),
    created_at: z.number().int(),
  }),
  ...operatorAccess(ROLES.content),
});

/**
 * Where a send of the announcement stands: recorded, no instance has taken it yet
 * (`queued`); an instance is writing the notices (`sending`, also while a crashed
 * instance's lease runs out); every trader gone through (`done`).
 */
export const ANNOUNCEMENT_SEND_STATES = ['queued', 'sending', 'done'] as const;
export type AnnouncementSendState = (typeof ANNOUNCEMENT_SEND_STATES)[number];

export const AdminAnnouncementSendSchema = z.object({
  id: z.number().int(),
  /** When the operator sent it, and who (null: not an operator, or the row is gone). */
  created_at: z.number().int(),
  created_by: z.number().int().nullable(),
  /** The operator's e-mail as it is now (null when `created_by` is null or the operator is gone). */
  created_by_email: z.string().nullable(),
  /** The version sent: the announcement's newest `updated_at` then. */
  announcement_at: z.number().int(),
  state: z.enum(ANNOUNCEMENT_SEND_STATES),
  /** Traders gone through so far; a trader who switched announcements off is reached, not written. */
  reached: z.number().int(),
  /** Notices written so far. */
  written: z.number().int(),
  /**
   * The traders to go through: active traders counted when the send was recorded (null
   * for sends recorded before the count was kept). `reached` may end a little off it when
   * traders registered or were frozen during the send.
   */
  total: z.number().int().nullable(),
  /** When the last batch was written; null until `done`. */
  done_at: z.number().int().nullable(),
});
export type AdminAnnouncementSend = z.infer<typeof AdminAnnouncementSendSchema>;

/**
 * GET /api/admin/announcement/broadcasts — the sends of the announcement and how far each
 * went, newest first (20 a page; docs/notifications.md "Announcements").
 */
export const adminAnnouncementBroadcastsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/announcement/broadcasts',
  input: z.object({ page: pageField }),
  output: pageOf(AdminAnnouncementSendSchema),
  ...operatorAccess(ROLES.content),
});

// ---- Follow traders --------------------------------------------------------------------

export const AdminFollowTraderSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  avatar: z.string(),
  multiple: z.number().int(),
  three_week_rate: z.number(),
  three_week_win: z.number(),
  three_week_profit: z.number(),
  total_rate: z.number(),
  total_trade_num: z.number().int(),
  code: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  is_sample: z.boolean(),
  updated_at: z.number().int(),
});

/** GET /api/admin/traders/list — every follow trader, shown or not, in ranking order. */
export const adminTradersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/traders/list',
  input: z.object({}),
  output: z.array(AdminFollowTraderSchema),
  ...operatorAccess(ROLES.content),
});

/** A percentage or profit that may be negative (a losing trader), 2 decimals. */
const signed = (max: number) => signedDecimalField({ max, maxDecimals: 2, allowZero: true });

/**
 * POST /api/admin/traders/save — adds (no `id`) or edits a follow trader of the ranking
 * (view only for traders). Rates are percentages (38.5 = 38.5 %); `three_week_win` is
 * 0–100; `avatar` a `/static/…` path, an https image URL or empty (initials).
 */
export const adminSaveTraderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/traders/save',
  input: z.object({
    id: optionalId,
    user: requiredText(60),
    avatar: emptyByDefault(IMAGE_URL_MAX),
    multiple: intField(1, 10_000),
    three_week_rate: signed(1_000_000),
    three_week_win: signed(100),
    three_week_profit: signed(1_000_000_000),
    total_rate: signed(1_000_000),
    total_trade_num: intField(0, 100_000_000),
    code: requiredText(32),
    sort: intField(0, 1_000_000),
    enabled: flagField,
  }),
  output: AdminFollowTraderSchema,
  ...operatorAccess(ROLES.content),
});

/** POST /api/admin/traders/delete — removes a follow trader. */
export const adminDeleteTraderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/traders/delete',
  input: z.object({ id: idField }),
  output: z.null(),
  ...operatorAccess(ROLES.content),
});

// ---- The feedback queue ----------------------------------------------------------------

/**
 * GET /api/admin/feedback/list — traders' feedback, newest first (20 a page); status 0
 * open, 1 handled. `screenshot` is a path of `/api/admin/image` (support and admin).
 */
export const adminFeedbackEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/feedback/list',
  input: z.object({
    status: optionalIntEnum([0, 1]),
    topic: optionalIntEnum(FEEDBACK_TOPICS),
    user_id: optionalId,
    page: pageField,
  }),
  output: pageOf(FeedbackEntrySchema),
  ...operatorAccess(ROLES.support),
});

/** POST /api/admin/feedback/handle — marks an open feedback handled (a second time: "already processed"). */
export const adminHandleFeedbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/feedback/handle',
  input: z.object({ id: idField }),
  output: FeedbackEntrySchema,
  ...operatorAccess(ROLES.support),
});
