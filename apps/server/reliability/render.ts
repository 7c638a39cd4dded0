import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES_DIR, SEED, type SuiteFigures } from './figures.js';

/** Writes docs/reliability.md from the figures the suites recorded in this run. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const files = fs.existsSync(FIGURES_DIR)
  ? fs.readdirSync(FIGURES_DIR).filter((f) => f.endsWith('.json'))
  : [];
const suites = files
  .map(
    (f) => JSON.parse(fs.readFileSync(path.join(FIGURES_DIR, f), 'utf8')) as SuiteFigures & { seed: number },
  )
  .sort((a, b) => a.order - b.order);

const lines = [
  '# Reliability and security figures',
  '',
  'Written by `npm run test:reliability` (part of `npm test` and CI); do not edit by hand.',
  `Seed ${SEED} (replay: \`RELIABILITY_SEED=${SEED} npm run test:reliability\`).`,
  `Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  '',
];
for (const suite of suites) {
  lines.push(`## ${suite.order}. ${suite.title}`, '', '| figure | value | goal |', '|---|---:|---:|');
  for (const row of suite.rows) lines.push(`| ${row.figure} | ${row.value} | ${row.goal ?? ''} |`);
  for (const note of suite.notes ?? []) lines.push('', note);
  lines.push('');
}
fs.writeFileSync(path.join(root, 'docs/reliability.md'), lines.join('\n'));
fs.rmSync(FIGURES_DIR, { recursive: true, force: true });
console.log(`docs/reliability.md: ${suites.length} suites`);
