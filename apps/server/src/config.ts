import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, or an address/prefix (CIDR), or one of PROXY_RANGES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: off (the socket address is the client),
 * or the addresses/CIDRs of the proxies whose X-Forwarded-For is believed. Neither "true"
 * (anyone could name any address) nor a hop count (Fastify cannot check the nearest peer
 * with one, and ignores it) is taken: name the proxies.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((raw, ctx): false | string[] => {
    const value = raw.trim();
    if (value === '' || value === 'false') return false;
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not a proxy address or CIDR: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

/** The browsers' push services (Chrome, Firefox, Safari, Edge). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** ALLOWED_ORIGINS: comma-separated http(s) origins, kept in their canonical spelling. */
const allowedOrigins = z
  .string()
  .default('')
  .transform((raw, ctx): string[] => {
    const origins: string[] = [];
    for (const entry of raw.split(',').map((e) => e.trim())) {
      if (!entry) continue;
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${entry}` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

/**
 * Every environment variable the server reads, parsed once at start-up.
 * `.env.example` documents the same list with the same defaults.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches storage from the embedded SQLite file to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
    .default(''),
  /** redis://… with a postgres DATABASE_URL runs the scaled shape (docs/architecture.md). */
  REDIS_URL: z
    .string()
    .refine((v) => v === '' || /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .default(''),
  /**
   * Scaled shape: `all` serves the API and stands for election as the engine, `api` only
   * serves, `engine` stands for election (and serves too, on its own port).
   */
  ROLE: z.enum(['all', 'api', 'engine']).default('all'),
  /** This instance's name in logs and on the engine lease; random when empty. */
  INSTANCE_ID: z.string().max(64).default(''),
  /** How often a standby tries to become the engine, ms (failover takes at most this + start-up). */
  ENGINE_RETRY_MS: z.coerce.number().int().min(200).max(60_000).default(2_000),
  /** smtp://… sends e-mail through a real SMTP server; empty writes it to the log and outbox. */
  SMTP_URL: z.string().default(''),
  SMTP_FROM: z.string().default('Pipwise <no-reply@pipwise.local>'),
  /**
   * The push services the server may post notifications to, comma-separated host names (a
   * name also allows its sub-domains): a browser's subscription names its push service's
   * URL, and only these are accepted, so a trader cannot make the server post elsewhere
   * (docs/notifications.md "Web push"). The default: the browsers' own services.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ),
  /** Who sends the push notifications (VAPID `sub`): a mailto: or https: address. */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s]+|https:\/\/[^\s]+)$/, 'must be a mailto: or https: address')
    .default('mailto:support@pipwise.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed of the market simulator, for tests only: the same seed gives the same prices.
   * Unset (the default), every start and every engine takeover draws fresh randomness, so
   * the market never replays itself (docs/market-data.md "A market that never repeats").
   */
  SIM_SEED: z
    .string()
    .regex(/^(-?\d{1,10})?$/, 'must be an integer')
    .transform((v) => (v === '' ? undefined : Number(v)))
    .optional(),
  /** Milliseconds between simulator ticks. */
  SIM_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /** Where the built web app lives; served at `/` when present. */
  WEB_DIST: z.string().default(''),
  /** Where the built back office lives (default apps/admin/dist); served at `/admin` when present. */
  ADMIN_DIST: z.string().default(''),
  /** Desktop visitors are sent here when set (docs/product.md §2). */
  PC_SITE_URL: z.string().default(''),
  DEMO_START_BALANCE: z.coerce.number().positive().default(10_000),
  /**
   * Which proxies' X-Forwarded-For names the client (rate limits and lockouts use it).
   * Empty: none, the socket address is the client. Otherwise the proxies' addresses and
   * CIDRs ("10.0.0.0/8,127.0.0.1"; also loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: trustProxy,
  /**
   * Other origins whose pages may open the live socket, comma-separated
   * ("https://m.example.com"). The app's own origin (same host) is always allowed.
   */
  ALLOWED_ORIGINS: allowedOrigins,
  /**
   * The domain passkeys belong to ("pipwise.example"): set it in production, so that a
   * passkey made on one host of the site works on the others and on no other site. Empty
   * (the default), the host name of the page asking (docs/passkeys.md "Relying party").
   */
  PASSKEY_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'must be a domain name',
    )
    .default(''),
  /**
   * Who may read /metrics (Prometheus): with a token, only requests carrying
   * `Authorization: Bearer <token>`; empty (the default), only a scraper on this host — a
   * direct loopback connection without X-Forwarded-For or Forwarded headers. At least 16
   * printable characters, no spaces (docs/architecture.md "Health, readiness and metrics").
   */
  METRICS_TOKEN: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[\x21-\x7e]{16,256}$/.test(v),
      'must be 16-256 printable characters without spaces',
    ),
  /** How often the server checks its books' invariants, ms (docs/money.md "Double-entry books"). */
  BOOKS_CHECK_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /**
   * How often the engine looks for a daily rollover it owes (17:00 New York, or days missed
   * while down), ms (docs/money.md "The rollover"). Tests shorten it.
   */
  ROLLOVER_CHECK_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /**
   * The root of the Noto fonts trader statements are set in (docs/statements.md "Fonts"):
   * Debian's /usr/share/fonts (fonts-noto-core, fonts-noto-cjk), or a folder holding the files.
   */
  STATEMENT_FONT_DIR: z.string().min(1).default('/usr/share/fonts'),
  ADMIN_EMAIL: z.string().default(''),
  ADMIN_PASSWORD: z.string().default(''),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses the environment; one error lists every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    WEB_DIST: config.WEB_DIST ? path.resolve(config.WEB_DIST) : '',
    ADMIN_DIST: config.ADMIN_DIST ? path.resolve(config.ADMIN_DIST) : '',
  };
}
