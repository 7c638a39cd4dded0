// `npm start`: builds what changed since the last build, then runs the server in this very
// process, so the pid it prints is the one to stop: `kill <pid>` or Ctrl-C drains requests,
// saves the quotes and closes the database (apps/server/src/main.ts). Plain JavaScript, so
// a fresh clone runs it right after `npm install` (README "Quick start").
//
// A build is skipped when nothing that feeds it changed: each part's sources are hashed
// and compared with the stamp written after its last successful build
// (node_modules/.cache/pipwise/build-stamp.json). A part built by someone else
// (`npm run build`) is taken as it is when it is newer than every one of its sources.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_FILE = path.join(root, 'node_modules', '.cache', 'pipwise', 'build-stamp.json');

/**
 * @typedef {object} Part
 * @property {string} name key in the stamp file
 * @property {string} label what the log calls it
 * @property {string[]} inputs files and folders whose content decides the build
 * @property {string[]} outputs files that must exist for the part to run
 * @property {string[]} markers files a build rewrites: their times say when it last built
 * @property {(force: boolean) => string[]} command the build, as [executable, ...arguments]
 */

/** What every part reads besides its own folder: the base settings and the dependencies. */
const SHARED = ['tsconfig.base.json', 'package-lock.json'];

/** npm, as the one that runs this script (npm_execpath), so the package's own build script runs. */
const npmRun = (/** @type {string} */ workspace) =>
  process.env.npm_execpath
    ? [process.execPath, process.env.npm_execpath, 'run', 'build', '-w', workspace]
    : ['npm', 'run', 'build', '-w', workspace];

/** @type {Part[]} */
const PARTS = [
  {
    name: 'server',
    label: 'the server',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      // The packages its build references (apps/server/tsconfig.build.json).
      'packages/shared',
      'packages/locales',
      ...SHARED,
    ],
    outputs: ['apps/server/dist/main.js', 'packages/shared/dist/index.js', 'packages/locales/dist/index.js'],
    // tsc -b rewrites (or touches) the server's record whenever it builds any of the three.
    markers: ['apps/server/tsconfig.build.tsbuildinfo'],
    // tsc -b rebuilds only what changed, but believes its own record (tsbuildinfo) over the
    // files: with an output deleted it must be forced.
    command: (force) => [
      process.execPath,
      createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc'),
      '-b',
      'apps/server/tsconfig.build.json',
      ...(force ? ['--force'] : []),
    ],
  },
  {
    name: 'web',
    label: 'the web app',
    inputs: ['apps/web', 'packages', ...SHARED],
    outputs: ['apps/web/dist/index.html'],
    markers: ['apps/web/dist/index.html'],
    command: () => npmRun('apps/web'),
  },
  {
    name: 'admin',
    label: 'the back office',
    inputs: ['apps/admin', 'packages', ...SHARED],
    outputs: ['apps/admin/dist/index.html'],
    markers: ['apps/admin/dist/index.html'],
    command: () => npmRun('apps/admin'),
  },
];

/** Never inputs: installed packages, build outputs, caches, tests, hidden files. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results']);
const SKIPPED_FILE = /(\.test\.[cm]?[jt]sx?|\.tsbuildinfo)$/;

/** The input files of a part, sorted, as paths relative to the repository. */
function inputFiles(/** @type {string[]} */ inputs) {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ rel) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      return; // an optional input that does not exist
    }
    if (stat.isFile()) {
      files.push(rel);
      return;
    }
    if (!stat.isDirectory()) return;
    for (const entry of fs.readdirSync(path.join(root, rel)).sort()) {
      if (entry.startsWith('.') || SKIPPED_DIRS.has(entry) || SKIPPED_FILE.test(entry)) continue;
      walk(path.posix.join(rel, entry));
    }
  };
  for (const input of inputs) walk(input);
  return files;
}

/** A digest of the names and contents of the files (content, not times: a clone moves times). */
function digestOf(/** @type {string[]} */ files) {
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const mtimeOf = (/** @type {string} */ rel) => {
  try {
    return fs.statSync(path.join(root, rel)).mtimeMs;
  } catch {
    return 0;
  }
};

/** When the part was last built, as its marker files tell. */
const fingerprintOf = (/** @type {Part} */ part) => part.markers.map(mtimeOf).join(',');

/** @typedef {Record<string, { inputs: string, outputs: string }>} Stamps */

/** The stamps of the last builds; an unreadable or foreign file counts as none. */
function readStamps() {
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8'));
  } catch {
    return {};
  }
  /** @type {Stamps} */
  const stamps = {};
  if (typeof parsed !== 'object' || parsed === null) return stamps;
  for (const [name, entry] of Object.entries(/** @type {Record<string, unknown>} */ (parsed))) {
    /** @type {{ inputs?: unknown, outputs?: unknown }} */
    const { inputs, outputs } = typeof entry === 'object' && entry !== null ? entry : {};
    if (typeof inputs === 'string' && typeof outputs === 'string') stamps[name] = { inputs, outputs };
  }
  return stamps;
}

function writeStamps(/** @type {Stamps} */ stamps) {
  fs.mkdirSync(path.dirname(STAMP_FILE), { recursive: true });
  const temporary = `${STAMP_FILE}.${process.pid}`;
  fs.writeFileSync(temporary, `${JSON.stringify(stamps, null, 2)}\n`);
  fs.renameSync(temporary, STAMP_FILE);
}

/**
 * Whether the part must be built: an output is missing (then by force), or its sources
 * differ from the stamp's and the build on disk is not newer than all of them.
 * @returns {{ build: boolean, force: boolean, inputs: string }}
 */
function planOf(/** @type {Part} */ part, /** @type {Stamps} */ stamps) {
  const files = inputFiles(part.inputs);
  const inputs = digestOf(files);
  if (part.outputs.some((rel) => mtimeOf(rel) === 0)) return { build: true, force: true, inputs };
  const stamp = stamps[part.name];
  if (stamp && stamp.inputs === inputs && stamp.outputs === fingerprintOf(part))
    return { build: false, force: false, inputs };
  // Built elsewhere (npm run build) or before stamps existed: current if built after the
  // last change of any of its sources.
  const builtAt = Math.min(...part.markers.map(mtimeOf));
  const changedAt = Math.max(0, ...files.map(mtimeOf));
  return { build: builtAt <= changedAt, force: false, inputs };
}

/** One line of the log: plain in a terminal, JSON like the server's (pino) otherwise. */
function say(/** @type {string} */ msg, /** @type {Record<string, unknown>} */ extra = {}, level = 30) {
  if (process.stdout.isTTY) {
    (level >= 50 ? process.stderr : process.stdout).write(`${msg}\n`);
    return;
  }
  const line = { level, time: Date.now(), pid: process.pid, hostname: os.hostname(), ...extra, msg };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** @type {import('node:child_process').ChildProcess | undefined} */
let building;

/** Stopped while building: the build goes too (its own process group), then this process. */
function stopWhileBuilding(/** @type {NodeJS.Signals} */ signal) {
  if (building?.pid) {
    try {
      process.kill(-building.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  say(`stopped while building (${signal})`);
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/**
 * Runs a build, its output kept to show only if it fails.
 * @param {string[]} commandLine
 * @returns {Promise<{ code: number, output: string }>}
 */
function run([command = '', ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    building = child;
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => output.push(chunk));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => output.push(chunk));
    /** @type {(code: number | null, err?: Error) => void} */
    const done = (code, err) => {
      building = undefined;
      resolve({
        code: err ? -1 : (code ?? -1),
        output: err ? err.message : Buffer.concat(output).toString(),
      });
    };
    child.once('error', (err) => done(null, err));
    child.once('close', (code) => done(code));
  });
}

async function buildWhatChanged() {
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    say('the dependencies are not installed: run npm install first', {}, 50);
    process.exit(1);
  }
  const stamps = readStamps();
  let built = 0;
  for (const part of PARTS) {
    const plan = planOf(part, stamps);
    if (plan.build) {
      say(`building ${part.label}…`, { build: part.name });
      const started = Date.now();
      const result = await run(part.command(plan.force));
      if (result.code !== 0) {
        if (process.stdout.isTTY) process.stderr.write(result.output);
        say(`the build of ${part.label} failed (exit code ${result.code})`, { output: result.output }, 50);
        process.exit(1);
      }
      say(`built ${part.label} in ${((Date.now() - started) / 1000).toFixed(1)} s`, { build: part.name });
      built += 1;
    }
    const stamp = { inputs: plan.inputs, outputs: fingerprintOf(part) };
    if (stamps[part.name]?.inputs !== stamp.inputs || stamps[part.name]?.outputs !== stamp.outputs) {
      stamps[part.name] = stamp;
      writeStamps(stamps);
    }
  }
  if (built === 0) say('build up to date');
}

process.on('SIGINT', stopWhileBuilding);
process.on('SIGTERM', stopWhileBuilding);
await buildWhatChanged();
// From here on the server handles the signals: a clean stop (apps/server/src/main.ts).
process.off('SIGINT', stopWhileBuilding);
process.off('SIGTERM', stopWhileBuilding);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
