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
 *
 * An endpoint may also come from a module's own helper that only wraps `defineEndpoint`
 * (`const reportEndpoint = (path, output) => defineEndpoint({ …, output })`). A schema
 * passed to such a helper is built at its call, not inside it, so what is blanked there is
 * the call's argument; that is sound only when the argument can go nowhere else. A helper is
 * therefore taken only in the shape below, and anything else that would keep a schema is
 * reported in `kept` (the test requires it empty):
 * - declared once at module level, not exported, never assigned: `function f(a, b) { return
 *   defineEndpoint({…}); }` or `const f = (a, b) => defineEndpoint({…})`, plain parameters;
 * - a parameter given as `input` or `output` is named nowhere else in the helper;
 * - `f` is only ever called, at module level, with that argument written out (no spread).
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
  /** Endpoints made at module level whose schemas were blanked (a call of `defineEndpoint` or of a helper). */
  endpoints: number;
  /** What keeps a schema in the bundle, by line: the step could not blank it soundly. */
  kept: string[];
}

/** Every node below `node` (itself included), depth first; types (TS*) are not code. */
function walk(
  node: unknown,
  visit: (node: Node, parent: Node | null) => void,
  parent: Node | null = null,
): void {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit, parent));
  if (!isNode(node) || node.type.startsWith('TS')) return;
  visit(node, parent);
  for (const [key, child] of Object.entries(node)) {
    // `{ a }`: one name, met as its value.
    if (key === 'type' || (key === 'key' && node.type === 'Property' && node.shorthand)) continue;
    walk(child, visit, node);
  }
}

/** Whether `node` (an Identifier) is a name's use, not a property's key or a member's name. */
function isReference(node: Node, parent: Node | null): boolean {
  if (parent?.type === 'Property' && !parent.computed) return parent.value === node;
  if (parent?.type === 'MemberExpression' && !parent.computed) return parent.property !== node;
  return true;
}

/** The `defineEndpoint({...})` call and its object, when `node` is one. */
function endpointCall(node: Node | undefined): Node | undefined {
  const callee = node?.callee as Node | undefined;
  const args = (node?.arguments as Node[] | undefined) ?? [];
  return node?.type === 'CallExpression' &&
    callee?.type === 'Identifier' &&
    callee.name === 'defineEndpoint' &&
    args.length === 1 &&
    args[0]!.type === 'ObjectExpression'
    ? args[0]
    : undefined;
}

/** The `input`/`output` properties of an endpoint's object. */
const schemaProperties = (object: Node): Node[] =>
  (object.properties as Node[]).filter((prop) => {
    const key = prop.key as Node | undefined;
    return (
      prop.type === 'Property' &&
      !prop.computed &&
      key?.type === 'Identifier' &&
      STRIPPED.has(key.name as string)
    );
  });

/** A module's helper that only wraps defineEndpoint, and the arguments its calls give as schemas. */
interface EndpointHelper {
  fn: Node;
  object: Node;
  /** The declaration's name node (not a use). */
  id: Node;
  /** Positions of the parameters given as `input`/`output`. */
  slots: number[];
}

/** The module's endpoint helpers (the shape the file's comment allows), by name. */
function endpointHelpers(program: Node): Map<string, EndpointHelper> {
  const found = new Map<string, EndpointHelper>();
  for (const statement of program.body as Node[]) {
    let id: Node | undefined;
    let fn: Node | undefined;
    if (statement.type === 'FunctionDeclaration') {
      id = statement.id as Node;
      fn = statement;
    } else if (statement.type === 'VariableDeclaration' && statement.kind === 'const') {
      const [declarator, ...more] = statement.declarations as Node[];
      const init = declarator?.init as Node | undefined;
      if (
        more.length > 0 ||
        (declarator?.id as Node).type !== 'Identifier' ||
        !init ||
        !FUNCTION.has(init.type)
      )
        continue;
      id = declarator!.id as Node;
      fn = init;
    }
    if (!id || !fn || fn.async || fn.generator) continue;
    const body = fn.body as Node;
    const returned =
      body.type !== 'BlockStatement'
        ? body
        : (body.body as Node[]).length === 1 && (body.body as Node[])[0]!.type === 'ReturnStatement'
          ? ((body.body as Node[])[0]!.argument as Node | undefined)
          : undefined;
    const object = endpointCall(returned);
    const params = fn.params as Node[];
    if (!object || !params.every((p) => p.type === 'Identifier')) continue;
    const position = new Map(params.map((p, i) => [p.name as string, i]));
    const uses = new Map<string, number>();
    walk(body, (node, parent) => {
      if (node.type === 'Identifier' && position.has(node.name as string) && isReference(node, parent))
        uses.set(node.name as string, (uses.get(node.name as string) ?? 0) + 1);
    });
    const slots: number[] = [];
    let sound = true;
    for (const prop of schemaProperties(object)) {
      const value = prop.value as Node;
      if (value.type !== 'Identifier' || !position.has(value.name as string)) continue;
      if (uses.get(value.name as string) !== 1) sound = false;
      slots.push(position.get(value.name as string)!);
    }
    if (sound) found.set(id.name as string, { fn, object, id, slots });
  }
  // Declared again (a parameter, a block's own), or assigned: not the helper everywhere.
  walk(program, (node) => {
    const names: Node[] = [];
    if (node.type === 'VariableDeclarator' || FUNCTION.has(node.type) || node.type.startsWith('Class'))
      names.push(...[node.id, ...((node.params as Node[] | undefined) ?? [])].filter(isNode));
    if (node.type === 'CatchClause' && isNode(node.param)) names.push(node.param);
    if (node.type.startsWith('Import') && isNode(node.local)) names.push(node.local);
    if (node.type === 'AssignmentExpression' || node.type === 'UpdateExpression')
      names.push(...[node.left, node.argument].filter(isNode));
    for (const name of names) {
      walk(name, (inner) => {
        const helper = inner.type === 'Identifier' ? found.get(inner.name as string) : undefined;
        if (helper && helper.id !== inner) found.delete(inner.name as string);
      });
    }
  });
  return found;
}

export function findContractEdits(code: string, filename = 'contract.ts'): ContractEdits {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]!.message}`);
  const helpers = endpointHelpers(program as unknown as Node);
  const blanks: [number, number][] = [];
  const pure = new Set<number>();
  const kept = new Set<string>();
  let endpoints = 0;
  /** The helper calls whose schemas were blanked: every other use of a helper keeps them. */
  const calls = new Set<Node>();
  const lineOf = (node: Node) => code.slice(0, node.start).split('\n').length;
  const keep = (node: Node, why: string) => kept.add(`${filename}:${lineOf(node)}: ${why}`);

  /** Blanks an endpoint object's own schemas; those of a helper's parameters are its calls'. */
  const blankSchemas = (object: Node, helper?: EndpointHelper): void => {
    for (const prop of schemaProperties(object)) {
      const value = prop.value as Node;
      if (
        helper &&
        value.type === 'Identifier' &&
        (helper.fn.params as Node[]).some((p) => p.name === value.name)
      )
        continue;
      if (prop.shorthand)
        keep(prop, `write \`${value.name as string}: …\` in full: a shorthand cannot be blanked`);
      else blanks.push([value.start, value.end]);
    }
  };

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    // Code inside functions runs when called, not at module load: never marked.
    if (FUNCTION.has(node.type)) {
      const helper = [...helpers.values()].find((h) => h.fn === node);
      if (helper) blankSchemas(helper.object, helper);
      else
        walk(node.body, (inner) => {
          if (endpointCall(inner)) keep(inner, 'defineEndpoint inside a function that is no endpoint helper');
        });
      return;
    }
    if (node.type === 'CallExpression' || node.type === 'NewExpression') pure.add(node.start);
    const callee = node.callee as Node | undefined;
    const args = (node.arguments as Node[] | undefined) ?? [];
    const object = endpointCall(node);
    if (object) {
      endpoints += 1;
      blankSchemas(object);
      for (const prop of object.properties as Node[])
        if (!schemaProperties(object).includes(prop)) visit(prop);
      return;
    }
    const helper =
      node.type === 'CallExpression' && callee?.type === 'Identifier'
        ? helpers.get(callee.name as string)
        : undefined;
    if (helper) {
      const spread = args.findIndex((arg) => arg.type === 'SpreadElement');
      if (helper.slots.every((slot) => slot < args.length && (spread < 0 || slot < spread))) {
        calls.add(callee!);
        endpoints += 1;
        for (const slot of helper.slots) blanks.push([args[slot]!.start, args[slot]!.end]);
        args.forEach((arg, i) => helper.slots.includes(i) || visit(arg));
        return;
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'type') visit(child);
  };
  visit(program);

  // A helper used any other way (called inside a function, passed on, spread into): its
  // parameters' schemas stay.
  walk(program, (node, parent) => {
    const helper = node.type === 'Identifier' ? helpers.get(node.name as string) : undefined;
    if (helper && node !== helper.id && !calls.has(node) && isReference(node, parent))
      keep(node, `${node.name as string} used other than called at module level`);
  });
  return {
    blanks: blanks.sort((a, b) => a[0] - b[0]),
    pure: [...pure].sort((a, b) => a - b),
    endpoints,
    kept: [...kept],
  };
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
        const edits = findContractEdits(code, id);
        for (const why of edits.kept) this.warn(`endpoint schema kept in the bundle: ${why}`);
        return applyContractEdits(code, edits, id);
      },
    },
  };
}
