/// <reference types="node" />
import { parseSync, type Plugin } from 'vite';

/**
 * The browser never validates with the API contract's zod schemas: the server checks every
 * input, and responses are typed at compile time. In the web bundle an endpoint of
 * @pipwise/shared is therefore only its method, path and flags. For each module of the
 * shared sources that builds schemas (imports zod), this build step
 * - blanks the `input` and `output` of every `defineEndpoint({...})` call, and
 * - marks every call made at module level (schema building: `z.object(…)`,
 *   `Schema.nullable()`, `intField(1, 9)`, `defineEndpoint(…)`) as pure,
 * so whatever schema a chunk does not use — and zod itself, when it uses none — is left
 * out instead of loading with the first screen (docs/benchmarks.md "First screen").
 * `src/endpoint-schemas.test.ts` keeps the app from reading an endpoint's schemas.
 */
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/;
const STRIPPED = new Set(['input', 'output']);
const PURE = '/* @__PURE__ */ ';
const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

export interface ContractEdits {
  /** [start, end) of each `input`/`output` value of a `defineEndpoint({...})` call. */
  blanks: [number, number][];
  /** Offsets of the module-level calls that get a pure annotation. */
  pure: number[];
}

export function findContractEdits(code: string, filename = 'contract.ts'): ContractEdits {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]!.message}`);
  const blanks: [number, number][] = [];
  const pure = new Set<number>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    // Code inside functions runs when called, not at module load: never marked.
    if (FUNCTION.has(node.type)) return;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') pure.add(node.start);
    const callee = node.callee as Node | undefined;
    const [arg] = (node.arguments as Node[] | undefined) ?? [];
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      callee.name === 'defineEndpoint' &&
      arg?.type === 'ObjectExpression'
    ) {
      for (const prop of arg.properties as Node[]) {
        const key = prop.key as Node | undefined;
        const value = prop.value as Node;
        if (prop.type === 'Property' && key?.type === 'Identifier' && STRIPPED.has(key.name as string)) {
          blanks.push([value.start, value.end]);
        } else {
          visit(prop);
        }
      }
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type') visit(child);
  };
  visit(program);
  return { blanks, pure: [...pure].sort((a, b) => a - b) };
}

// ---- a line-level source map for insertions (no dependency for one small job) ----------
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/**
 * Applies the edits: blanked values become `null` (or `0`) padded with spaces, newlines
 * kept, so nothing moves; each pure offset gets the annotation inserted. The map points
 * every line's start and every insertion back to the original position.
 */
export function applyContractEdits(
  code: string,
  edits: ContractEdits,
  source = 'contract.ts',
): {
  code: string;
  map: { version: 3; sources: string[]; sourcesContent: string[]; names: []; mappings: string };
} {
  let blanked = code;
  for (const [start, end] of edits.blanks) {
    const filler = end - start >= 4 ? 'null' : '0';
    const spaces = code.slice(start, end).replace(/[^\n]/g, ' ');
    blanked = blanked.slice(0, start) + filler + spaces.slice(filler.length) + blanked.slice(end);
  }
  const inBlank = (offset: number) => edits.blanks.some(([s, e]) => offset >= s && offset < e);
  const inserts = edits.pure.filter((offset) => !inBlank(offset));

  const lines = blanked.split('\n');
  const mappings: string[] = [];
  let out = '';
  let lineStart = 0;
  let next = 0;
  let prevSrcLine = 0;
  let prevSrcCol = 0;
  lines.forEach((line, index) => {
    const lineEnd = lineStart + line.length;
    const segments: [number, number][] = [[0, 0]]; // [generated column, original column]
    let text = '';
    let cursor = lineStart;
    while (next < inserts.length && inserts[next]! <= lineEnd) {
      const offset = inserts[next++]!;
      text += blanked.slice(cursor, offset);
      segments.push([text.length, offset - lineStart]);
      text += PURE;
      cursor = offset;
    }
    text += blanked.slice(cursor, lineEnd);
    out += text + (index < lines.length - 1 ? '\n' : '');
    let prevGenCol = 0;
    mappings.push(
      segments
        .map(([gen, col]) => {
          const segment = vlq(gen - prevGenCol) + vlq(0) + vlq(index - prevSrcLine) + vlq(col - prevSrcCol);
          prevGenCol = gen;
          prevSrcLine = index;
          prevSrcCol = col;
          return segment;
        })
        .join(','),
    );
    lineStart = lineEnd + 1;
  });
  return {
    code: out,
    map: { version: 3, sources: [source], sourcesContent: [code], names: [], mappings: mappings.join(';') },
  };
}

export function endpointDescriptors(): Plugin {
  return {
    name: 'pipwise:endpoint-descriptors',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: SHARED_SOURCE, code: /from 'zod'/ },
      handler(code, id) {
        return applyContractEdits(code, findContractEdits(code, id), id);
      },
    },
  };
}
