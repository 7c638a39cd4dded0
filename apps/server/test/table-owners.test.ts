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
  settings: 'core',
  audit_log: 'core',
  changed: 'core', // a CTE name in the ledger's change sequence, not a table
  users: 'auth',
  sessions: 'auth',
  captchas: 'auth',
  rate_hits: 'auth',
  verification_codes: 'auth',
  instruments: 'market',
  categories: 'market',
  quotes: 'market',
  candles: 'market',
  orders: 'trading',
  engine_leases: 'trading',
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
  idempotency_keys: 'idempotency',
  operators: 'admin',
  operator_sessions: 'admin',
};

/** Crossings that exist today, `file → tables`, and why. Shrink it; do not grow it. */
const KNOWN_CROSSINGS: Record<string, string[]> = {
  // The ledger's lock reads the user's trading freeze in the same statement (one round trip).
  'core/money/ledger.repository.ts': ['users'],
  // Each audit row is shown with its operator's e-mail.
  'core/audit/audit.repository.ts': ['operators'],
  // A new installation's first rows, for every module at once.
  'core/db/seed/seed.ts': ['categories', 'companies', 'instruments'],
  'core/db/seed/funds.ts': ['deposit_channels', 'withdraw_currencies'],
  // Invite codes are columns of users (the referral module has no table of its own).
  'modules/referral/referral.repository.ts': ['users'],
  // Lists that show the sender's contact or an upload's stored name, joined in the same
  // paged query (two queries would page one table and look the other up by ids).
  'modules/content/feedback.repository.ts': ['uploads', 'users'],
  'modules/wallet/deposits/deposit.repository.ts': ['uploads'],
  'modules/identity/identity.repository.ts': ['uploads'],
  'modules/identity/admin/identity-review.repository.ts': ['uploads', 'users'],
  'modules/wallet/admin/funds/funds-admin.repository.ts': ['uploads', 'users'],
  // The traders list: balances, open positions and identity status per user, in one page.
  'modules/auth/admin/admin-user.repository.ts': ['accounts', 'identity_verifications', 'orders'],
  // Open positions of real users only (the house's exposure on the dashboard).
  'modules/trading/order.repository.ts': ['users'],
  // Each instrument with its live orders, so an operator sees what a change would touch.
  'modules/market/admin/instrument-admin.repository.ts': ['orders'],
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
