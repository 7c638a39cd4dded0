import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * "One ledger service is the only code that changes balance or lock_balance"
 * (docs/money.md) as a fact of the source: no other file writes the money tables, and
 * only the ledger calls the repository functions that move money.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const WRITES_MONEY =
  /(updateTable|insertInto|deleteFrom|replaceInto|mergeInto)\(\s*['"`](accounts|account_logs)['"`]|\b(update|insert\s+into|delete\s+from)\s+"?(accounts|account_logs)\b/i;
const MOVES_MONEY = /\b(applyChange|insertLog|applyChangeWithLog)\b/;

describe('the ledger is the only door to the money tables', () => {
  const files = sources(SRC).map((file) => ({
    file: path.relative(SRC, file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('no file but the ledger repository writes accounts or account_logs', () => {
    const writers = files.filter((f) => WRITES_MONEY.test(f.text)).map((f) => f.file);
    expect(writers).toEqual([path.join('core', 'money', 'ledger.repository.ts')]);
  });

  it('only the ledger uses the repository functions that move money', () => {
    const users = files
      .filter((f) => MOVES_MONEY.test(f.text))
      .map((f) => f.file)
      .sort();
    expect(users).toEqual(
      [path.join('core', 'money', 'ledger.repository.ts'), path.join('core', 'money', 'ledger.ts')].sort(),
    );
  });
});
