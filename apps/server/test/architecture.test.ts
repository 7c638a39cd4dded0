import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape (docs/architecture.md "Layers and modules") is checked by
 * dependency-cruiser in `npm run lint`. These tests prove the rules catch what they are
 * for — on small trees made for the purpose — and that the real tree keeps them.
 */

const require = createRequire(import.meta.url);
const { serverShape } = require('../../../scripts/server-shape.cjs') as {
  serverShape: (src: string) => unknown[];
};
const repoRoot = path.resolve(import.meta.dirname, '../../..');

type Violation = { rule: { name: string }; from: string; to: string };

async function check(baseDir: string, src: string, roots: string[]) {
  const result: IReporterOutput = await cruise(roots, {
    baseDir,
    validate: true,
    ruleSet: { forbidden: serverShape(src) } as never,
    tsPreCompilationDeps: true,
    exclude: { path: ['node_modules', '\\.test\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
  });
  if (typeof result.output === 'string') throw new Error('expected the JSON result');
  const { summary } = result.output;
  return {
    violations: summary.violations as Violation[],
    modules: summary.totalCruised,
    edges: summary.totalDependenciesCruised,
  };
}

async function violations(baseDir: string, src: string, roots: string[]): Promise<Violation[]> {
  return (await check(baseDir, src, roots)).violations;
}

/** A throwaway server tree: path → source. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-shape-'));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

const names = (list: Violation[]) => [...new Set(list.map((v) => v.rule.name))].sort();

describe('the server shape', () => {
  it('the real server keeps every rule', { timeout: 60_000 }, async () => {
    const real = await check(repoRoot, '^apps/server/src/', ['apps/server/src']);
    expect(real.violations).toEqual([]);
    // The graph was really read: every file and its imports (not an empty, trivially clean one).
    expect(real.modules).toBeGreaterThan(200);
    expect(real.edges).toBeGreaterThan(800);
  });

  it('refuses a cycle between two modules, even through their faces', async () => {
    const dir = tree({
      'src/modules/wallet/index.ts': "export { pay } from './pay.js';",
      'src/modules/wallet/pay.ts':
        "import { trade } from '../trading/index.js';\nexport const pay = () => trade;",
      'src/modules/trading/index.ts': "export { trade } from './trade.js';",
      'src/modules/trading/trade.ts':
        "import type { pay } from '../wallet/index.js';\nexport const trade = (p?: typeof pay) => p;",
    });
    expect(names(await violations(dir, '^src/', ['src']))).toEqual(['no-cycle', 'no-cycle-between-areas']);
  });

  it('refuses a deep import into another module, and a route reading a table', async () => {
    const dir = tree({
      'src/modules/uploads/index.ts': 'export const face = 1;',
      'src/modules/uploads/upload.repository.ts': 'export const readUploads = () => [];',
      'src/modules/content/feedback.routes.ts':
        "import { readUploads } from '../uploads/upload.repository.js';\nexport const r = readUploads;",
    });
    expect(names(await violations(dir, '^src/', ['src']))).toEqual([
      'module-face-only',
      'routes-never-read-tables',
    ]);
  });

  it('refuses core or http reaching up into a module', async () => {
    const dir = tree({
      'src/modules/auth/index.ts': 'export const sessions = 1;',
      'src/core/settings.ts':
        "import { sessions } from '../modules/auth/index.js';\nexport const s = sessions;",
      'src/http/auth-hook.ts':
        "import { sessions } from '../modules/auth/index.js';\nexport const h = sessions;",
    });
    expect(names(await violations(dir, '^src/', ['src']))).toEqual([
      'core-is-the-bottom',
      'http-knows-no-module',
    ]);
  });
});
