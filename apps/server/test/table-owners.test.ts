import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every table has one owning module (docs/architecture.md "Layers and modules"): only that
 * module's files name it in SQL; another module asks the owner's face. The few reads that
 * still cross a border are listed below, each with its reason, so the list can only shrink:
 * a new crossing fails here until it goes through the owner's face (or is argued for here).
 */

const OWNERS: Record<string, string> = {
  accounts: 'core',
  account_logs: 'core',
  ledger_entries: 'core',
  books_status: 'core',
  settings: 'core',
  // An account's trading group is a property of the account, like its freeze flags.
  trading_groups: 'core',
  group_conditions: 'core',
  leverage_caps: 'core',
  audit_log: 'core',
  changed: 'core', // a CTE name in the ledger's change sequence, not a table
  logged: 'core', // the CTE of the log row the house entry balances, not a table
  users: 'auth',
  sessions: 'auth',
  captchas: 'auth',
  rate_hits: 'auth',
  verification_codes: 'auth',
  passkeys: 'auth',
  passkey_challenges: 'auth',
  instruments: 'market',
  categories: 'market',
  quotes: 'market',
  candles: 'market',
  orders: 'trading',
  price_alerts: 'trading',
  favourites: 'market',
  chart_drawings: 'market',
  margin_warning_levels: 'trading',
  margin_warnings: 'trading',
  engine_leases: 'trading',
  executions: 'trading',
  swap_charges: 'trading',
  rollovers: 'trading',
  fix_sources: 'market',
  fix_sequences: 'market',
  deposits: 'wallet',
  withdrawals: 'wallet',
  deposit_channels: 'wallet',
  withdraw_currencies: 'wallet',
  withdraw_methods: 'wallet',
  identity_verifications: 'identity',
  uploads: 'uploads',
  news: 'content',
  news_translations: 'content',
  announcements: 'content',
  companies: 'content',
  feedback: 'content',
  follow_traders: 'content',
  outbox: 'notify',
  mail_queue: 'notify',
  notices: 'notify',
  notice_switches: 'notify',
  vapid_keys: 'notify',
  push_subscriptions: 'notify',
  push_outbox: 'notify',
  announcement_broadcasts: 'notify',
  statement_preferences: 'statements',
  statement_mailings: 'statements',
  idempotency_keys: 'idempotency',
  operators: 'admin',
  operator_sessions: 'admin',
};

/**
 * Crossings that exist today, `file → tables`, and why. Empty: every list that shows
 * another module's data pages its own table, then asks the owner's face for the page's ids
 * (docs/architecture.md "Layers and modules"). Keep it empty, or argue a new entry here.
 */
const KNOWN_CROSSINGS: Record<string, string[]> = {
  // The operators' reports (docs/reports.md) sum the house's entries of real traders by
  // instrument, day and channel in the database: the entry, its account-log row, the
  // user (demo or real) and the order are one join. Through the owners' faces every order
  // and user id of a year would cross into memory to be summed there instead.
  'modules/admin/reports/house-ledger.repository.ts': ['account_logs', 'ledger_entries', 'orders', 'users'],
  'modules/admin/reports/report-entries.repository.ts': ['orders'],
  'modules/admin/reports/people-report.repository.ts': ['identity_verifications', 'users'],
  'modules/admin/reports/report-names.repository.ts': [
    'deposit_channels',
    'withdraw_currencies',
    'withdraw_methods',
  ],
};

const SRC = path.resolve(import.meta.dirname, '../src');
const SQL_TABLE = /\b(?:selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin)\(\s*'([a-z_]+)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `modules/<name>/…` → name; `core/…` → core; anything else by its first folder. */
function moduleOf(file: string): string {
  const [top, name] = file.split('/');
  return top === 'modules' ? name! : top!;
}

function crossings(): Record<string, string[]> {
  const found: Record<string, Set<string>> = {};
  for (const full of sourceFiles(SRC)) {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    // Migrations create every table: they are the schema's history, not a module's reads.
    if (file.startsWith('core/db/migrations/')) continue;
    for (const [, table] of fs.readFileSync(full, 'utf8').matchAll(SQL_TABLE)) {
      const owner = OWNERS[table!];
      expect(owner, `${file} names a table no module owns: ${table}`).toBeDefined();
      if (owner !== moduleOf(file)) (found[file] ??= new Set()).add(table!);
    }
  }
  return Object.fromEntries(Object.entries(found).map(([file, tables]) => [file, [...tables].sort()]));
}

describe('every table has one owner', () => {
  it('no module names another module’s table beyond the known crossings', () => {
    const sorted = (record: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(record)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([file, tables]) => [file, [...tables].sort()]),
      );
    expect(sorted(crossings())).toEqual(sorted(KNOWN_CROSSINGS));
  });
});
