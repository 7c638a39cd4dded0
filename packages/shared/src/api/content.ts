import { z } from 'zod';
import { LANGS } from '../languages.js';
import { defineEndpoint } from './endpoint.js';
import {
  idField,
  intEnum,
  intField,
  optionalText,
  pageField,
  requiredText,
  smallIdField,
  textField,
} from './fields.js';

/**
 * Content and support (docs/api.md "Content and support"): news, the announcement, the
 * follow-trader ranking, feedback and the support e-mail. The `*InputSchema`s at the end
 * are what operators send (the back office's endpoints take them as they are); the
 * server validates and sanitizes them again in its services.
 */

/** Articles per page of `/api/news/list`. */
export const NEWS_PAGE_SIZE = 10;
/** The category the app lists (docs/product.md §7 calls `list` with category_id 1). */
export const NEWS_DEFAULT_CATEGORY = 1;

/** Absent or empty is the default category; otherwise an INTEGER id like any other. */
const newsCategoryField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? NEWS_DEFAULT_CATEGORY : v),
  smallIdField,
);

export const NewsItemSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** In the caller's language, or the article's own language when it has no translation. */
  title: z.string(),
  desc: z.string(),
  /** Cover image: a path of this server (`/static/news/…`) or an https URL. */
  logo: z.string(),
  /** When it was published, epoch ms (the app formats it in the trader's language). */
  created_at: z.number().int(),
  /** The language the title and text are in (a LANGS code). */
  lang: z.string(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsDetailSchema = NewsItemSchema.extend({
  /** Sanitized HTML (sanitized again by the app before it is shown). */
  content: z.string(),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

/** GET /api/news/list — published articles of a category, newest first. */
export const newsListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/news/list',
  input: z.object({ category_id: newsCategoryField, page: pageField }),
  output: z.object({ data: z.array(NewsItemSchema), total: z.number().int() }),
  auth: false,
});

/** GET /api/news/info — one published article with its HTML. */
export const newsInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/news/info',
  input: z.object({ id: idField }),
  output: NewsDetailSchema,
  auth: false,
});

export const AnnouncementSchema = z.object({
  /** The language it is written in: the caller's, or English when that one is missing. */
  lang: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  /** Last change, epoch ms. */
  updated_at: z.number().int(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** GET /api/news/announcement — the announcement in the caller's language (`lang` header). */
export const announcementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/news/announcement',
  input: z.object({}),
  output: AnnouncementSchema,
  auth: false,
});

/** A follow trader of the ranking (docs/product.md §3); percentages are in percent (38.5 = 38.5 %). */
export const FollowTraderSchema = z.object({
  id: z.number().int(),
  /** The trader's display name. */
  user: z.string(),
  /** Avatar image: a path of this server or an https URL; empty for initials. */
  avatar: z.string(),
  /** The leverage the trader uses. */
  multiple: z.number().int(),
  /** Return over the last three weeks, %. */
  three_week_rate: z.number(),
  /** Share of winning trades over the last three weeks, %. */
  three_week_win: z.number(),
  /** Profit over the last three weeks, USD. */
  three_week_profit: z.number(),
  /** Return since the trader started, %. */
  total_rate: z.number(),
  total_trade_num: z.number().int(),
  /** The trader's public code, shown on the card. */
  code: z.string(),
});
export type FollowTrader = z.infer<typeof FollowTraderSchema>;

/** At most this many traders are ranked. */
export const FOLLOW_LIST_MAX = 100;

/** GET /api/follow/list — the ranking, best first (view only: docs/product.md §6). */
export const followListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/follow/list',
  input: z.object({}),
  output: z.array(FollowTraderSchema),
  auth: false,
});

/** What a feedback is about; the app names each in the trader's language. */
export const FeedbackTopic = { Account: 1, Funds: 2, Trading: 3, App: 4, Suggestion: 5, Other: 6 } as const;
export const FEEDBACK_TOPICS = [1, 2, 3, 4, 5, 6] as const;
export type FeedbackTopicValue = (typeof FEEDBACK_TOPICS)[number];

/** A feedback waits in the support queue (open) until an operator handles it. */
export const FeedbackStatus = { Open: 0, Handled: 1 } as const;
export type FeedbackStatusValue = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];

export const FEEDBACK_MESSAGE_MIN = 10;
export const FEEDBACK_MESSAGE_MAX = 2000;
/** A user may send this many feedbacks per hour. */
export const FEEDBACK_HOURLY_LIMIT = 5;

/** POST /api/feedback/submit — a logged-in trader's message to support. */
export const feedbackSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/feedback/submit',
  input: z.object({
    topic: intEnum(FEEDBACK_TOPICS),
    message: requiredText(FEEDBACK_MESSAGE_MAX).refine((s) => [...s].length >= FEEDBACK_MESSAGE_MIN, {
      params: { key: 'errors.text_too_short', vars: { min: FEEDBACK_MESSAGE_MIN } },
    }),
    /** The URL `image_upload` returned (real users only; it must be the caller's own). */
    screenshot: optionalText(200),
  }),
  output: z.object({ id: z.number().int() }),
  auth: true,
});

/**
 * GET /complaint_email — the support e-mail (docs/product.md §7 calls it on a separate host, set by
 * the `complaint_host` setting; by default this server answers it). Empty when none is set.
 */
export const complaintEmailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/complaint_email',
  input: z.object({}),
  output: z.object({ email: z.string() }),
  auth: false,
});

// ---------------------------------------------------------------------------------------
// What operators send (the back office's endpoints take these; services check them again)
// ---------------------------------------------------------------------------------------

export const NEWS_TITLE_MAX = 200;
export const NEWS_DESC_MAX = 500;
/** Characters of an article's HTML, before sanitizing. */
export const NEWS_CONTENT_MAX = 100_000;
/** An image address: a path of this server or an https URL. */
export const IMAGE_URL_MAX = 500;

const langField = z.enum(LANGS);

export const NewsTranslationSchema = z.object({
  title: requiredText(NEWS_TITLE_MAX),
  desc: textField(NEWS_DESC_MAX),
  /** HTML, sanitized when saved and again when shown. */
  content: textField(NEWS_CONTENT_MAX),
});

export const NewsInputSchema = z.object({
  /** Absent: a new article; present: the article to change. */
  id: idField.optional(),
  category_id: smallIdField,
  /** The language the article falls back to where it has no translation. */
  base_lang: langField,
  logo: textField(IMAGE_URL_MAX),
  published: z.boolean(),
  /** Each language's text; at least the base language's. */
  translations: z.partialRecord(langField, NewsTranslationSchema),
});
export type NewsInput = z.input<typeof NewsInputSchema>;

export const AnnouncementInputSchema = z.object({
  title: requiredText(NEWS_TITLE_MAX),
  content: requiredText(NEWS_CONTENT_MAX),
});
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

/**
 * A signed decimal (a loss is negative) as a number: a JSON number or a plain decimal
 * string ("-12.5"), at most `decimals` places and `max` in size; no exponent or hex.
 */
const signedNumber = (max: number, decimals: number) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const problem = (key: string, vars: Record<string, unknown> = {}) => {
      ctx.addIssue({ code: 'custom', message: key, params: { key, vars } });
      return z.NEVER;
    };
    const text = typeof v === 'number' ? String(v) : v;
    const parts = /^(-?)(\d{1,15})(?:\.(\d{1,20}))?$/.exec(text);
    if (!parts) return problem('errors.not_a_number');
    if ((parts[3] ?? '').replace(/0+$/, '').length > decimals)
      return problem('errors.too_many_decimals', { max: decimals });
    const n = Number(text);
    if (Math.abs(n) > max) return problem('errors.number_too_large', { max });
    return n === 0 ? 0 : n; // never -0
  });

export const FollowTraderInputSchema = z.object({
  id: idField.optional(),
  user: requiredText(60),
  avatar: textField(IMAGE_URL_MAX),
  multiple: intField(1, 10_000),
  three_week_rate: signedNumber(1_000_000, 2),
  three_week_win: signedNumber(100, 2).refine((n) => n >= 0, { params: { key: 'errors.field_invalid' } }),
  three_week_profit: signedNumber(1_000_000_000, 2),
  total_rate: signedNumber(1_000_000, 2),
  total_trade_num: intField(0, 100_000_000),
  code: requiredText(32),
  sort: intField(0, 1_000_000),
  enabled: z.boolean(),
});
export type FollowTraderInput = z.input<typeof FollowTraderInputSchema>;

export const FeedbackFilterSchema = z.object({
  status: z.union([z.literal(FeedbackStatus.Open), z.literal(FeedbackStatus.Handled)]).optional(),
  topic: intEnum(FEEDBACK_TOPICS).optional(),
  user_id: idField.optional(),
});
export type FeedbackFilter = z.input<typeof FeedbackFilterSchema>;

/** One feedback as operators see it in the support queue. */
export const FeedbackEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The trader's e-mail or phone, to answer them. */
  contact: z.string(),
  topic: z.number().int(),
  message: z.string(),
  /** The private upload's URL (readable by operators), or empty. */
  screenshot: z.string(),
  /** The language the trader used the app in. */
  lang: z.string(),
  status: z.number().int(),
  handled_by: z.number().int().nullable(),
  handled_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntrySchema>;

/** Entries per page of the support queue. */
export const FEEDBACK_PAGE_SIZE = 20;
