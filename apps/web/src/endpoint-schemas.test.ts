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

const HELPER_SAMPLE = `import { z } from 'zod';
const Range = z.object({ from: z.string() });
const Rows = z.array(z.number());
const report = <O extends z.ZodType>(path: string, output: O) =>
  defineEndpoint({ method: 'GET', path, input: Range, output, auth: false });
export const a = report('/a', z.object({ rows: Rows }));
export const b = report('/b', Rows.nullable());
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

  it('blanks the schemas a module-level helper of defineEndpoint is given, at its calls', () => {
    const { code } = applyContractEdits(HELPER_SAMPLE, findContractEdits(HELPER_SAMPLE));
    expect(code.split('\n')).toHaveLength(HELPER_SAMPLE.split('\n').length);
    // Inside the helper: what is its own is blanked; its parameter is its calls' to blank.
    expect(code).toMatch(/method: 'GET', path, input: null\s+, output,/);
    expect(code).toMatch(/export const a = \/\* @__PURE__ \*\/ report\('\/a', null\s+\);/);
    expect(code).toMatch(/export const b = \/\* @__PURE__ \*\/ report\('\/b', null\s+\);/);
    expect(code).not.toContain('rows: Rows');
    expect(code).not.toContain('Rows.nullable()');
    expect(parseSync('out.ts', code).errors).toEqual([]);
    expect(findContractEdits(HELPER_SAMPLE)).toMatchObject({ endpoints: 2, kept: [] });
  });

  it('keeps, and says so, a schema it cannot prove goes only into the endpoint', () => {
    const kept = (source: string) => findContractEdits(source).kept.map((k) => k.replace(/^[^:]+:/, ''));
    const helper =
      'const report = (path, output) => defineEndpoint({ method: "GET", path, output, auth: false });\n';
    // Called inside a function, spread into, passed on, exported.
    expect(kept(`${helper}export function later() { return report('/x', z.string()); }\n`)).toEqual([
      '2: report used other than called at module level',
    ]);
    expect(kept(`${helper}export const a = report(...args);\n`)).toEqual([
      '2: report used other than called at module level',
    ]);
    expect(kept(`${helper}export const all = ['/x'].map(report);\n`)).toEqual([
      '2: report used other than called at module level',
    ]);
    expect(kept(`${helper}export { report };\n`)).toEqual([
      '2: report used other than called at module level',
    ]);
    // A parameter the helper uses twice is no helper's: its defineEndpoint is left alone.
    expect(
      kept(
        'const twice = (s) => defineEndpoint({ path: "/x", input: s, output: s.array(), auth: false });\n',
      ),
    ).toEqual(['1: defineEndpoint inside a function that is no endpoint helper']);
    // Declared again, or assigned: not the same helper everywhere.
    expect(kept(`${helper}function g(report) { return report; }\n`)).toEqual([
      '1: defineEndpoint inside a function that is no endpoint helper',
    ]);
    // A shorthand cannot be blanked in place.
    expect(
      kept(
        'const input = z.string();\nexport const e = defineEndpoint({ method: "GET", path: "/x", input, output: input, auth: false });\n',
      ),
    ).toEqual(['2: write `input: …` in full: a shorthand cannot be blanked']);
  });

  it('turns every shared contract module into valid code without schemas', () => {
    const dir = path.join(repo, 'packages/shared/src/api');
    for (const file of sources(dir).filter((f) => fs.readFileSync(f, 'utf8').includes("from 'zod'"))) {
      const original = fs.readFileSync(file, 'utf8');
      const edits = findContractEdits(original, file);
      const { code } = applyContractEdits(original, edits, file);
      expect(parseSync(file, code).errors, file).toEqual([]);
      expect(edits.kept, file).toEqual([]);
      expect(edits.endpoints, file).toBe(original.match(/^export const \w+Endpoint = /gm)?.length ?? 0);
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
