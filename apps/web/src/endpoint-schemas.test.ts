/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { applyContractEdits, findContractEdits } from '../build/endpoint-descriptors';

/*
 * The web build strips the zod schemas out of the shared endpoints (build/endpoint-
 * descriptors.ts). These tests pin what that step does, and that nothing in the browser's
 * code relies on an endpoint's `input`/`output` — in the built app they are null.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const SAMPLE = `import { z } from 'zod';
export const A = z.object({ a: z.number().int() });
const B = A.nullable();
export function check(v: unknown) {
  return z.string().parse(v);
}
export const e = defineEndpoint({
  method: 'GET',
  path: '/x',
  input: z.object({
    q: z.string(),
  }),
  output: B,
  auth: false,
});
`;

describe('endpoint descriptors (web build)', () => {
  it('blanks input and output, keeping lines, and marks module-level calls pure', () => {
    const { code, map } = applyContractEdits(SAMPLE, findContractEdits(SAMPLE));
    expect(code.split('\n')).toHaveLength(SAMPLE.split('\n').length);
    expect(code).toMatch(/input: null\s+,\n/);
    expect(code).toContain('output: 0,');
    expect(code).not.toContain('q: z.string()');
    expect(code).toContain(
      'export const A = /* @__PURE__ */ z.object({ a: /* @__PURE__ */ z.number().int() });',
    );
    expect(code).toContain('const B = /* @__PURE__ */ A.nullable();');
    expect(code).toContain('export const e = /* @__PURE__ */ defineEndpoint({');
    // Code inside a function runs when called: left alone.
    expect(code).toContain('  return z.string().parse(v);');
    expect(parseSync('out.ts', code).errors).toEqual([]);
    expect(map.mappings.split(';')).toHaveLength(SAMPLE.split('\n').length);
  });

  it('turns every shared contract module into valid code without schemas', () => {
    const dir = path.join(repo, 'packages/shared/src/api');
    for (const file of sources(dir).filter((f) => fs.readFileSync(f, 'utf8').includes("from 'zod'"))) {
      const original = fs.readFileSync(file, 'utf8');
      const edits = findContractEdits(original, file);
      const { code } = applyContractEdits(original, edits, file);
      expect(parseSync(file, code).errors, file).toEqual([]);
      const endpoints = original.match(/defineEndpoint\(\{/g)?.length ?? 0;
      expect(edits.blanks.length, file).toBe(endpoints * 2);
    }
  });

  it('the web app and the client never read an endpoint schema', () => {
    const files = [
      ...sources(path.join(repo, 'apps/web/src')),
      ...sources(path.join(repo, 'packages/client/src')),
    ];
    const offenders = files.filter((file) =>
      /Endpoint\.(input|output)\b|\.(input|output)\.(safeParse|parse|parseAsync|safeParseAsync|shape)\b/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
