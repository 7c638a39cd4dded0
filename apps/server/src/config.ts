import path from 'node:path';
import { z } from 'zod';

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
  /** redis://… turns on the cross-instance pub/sub bridge (scaled shape). */
  REDIS_URL: z.string().default(''),
  /** smtp://… sends e-mail through a real SMTP server; empty writes it to the log and outbox. */
  SMTP_URL: z.string().default(''),
  SMTP_FROM: z.string().default('Pipwise <no-reply@pipwise.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed of the market simulator: the same seed gives the same prices. */
  SIM_SEED: z.coerce.number().int().default(20_261_125),
  /** Milliseconds between simulator ticks. */
  SIM_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  /** Where the built web app lives; served at `/` when present. */
  WEB_DIST: z.string().default(''),
  /** Desktop visitors are sent here when set (spec §2). */
  PC_SITE_URL: z.string().default(''),
  DEMO_START_BALANCE: z.coerce.number().positive().default(10_000),
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
  };
}
