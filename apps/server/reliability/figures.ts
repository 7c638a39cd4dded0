import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Figures of the reliability suite: each suite records what it measured (counts of
 * operations, losses, duplicates, timings), and `render.ts` writes them all into
 * docs/reliability.md with the seed, so a run can be read and replayed.
 */

export const FIGURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.figures');

/** The run's seed: RELIABILITY_SEED, or one chosen now and shared by every suite of the run. */
export const SEED = Number(process.env.RELIABILITY_SEED ?? process.env.VITEST_RELIABILITY_SEED ?? 20_261_126);

export interface SuiteFigures {
  /** The number of the suite (1–10) and its name. */
  order: number;
  title: string;
  /** Figure name → value; the goal (e.g. "0") when there is one. */
  rows: { figure: string; value: number | string; goal?: string }[];
  notes?: string[];
}

/** Writes a suite's figures (one JSON file per suite; the last write wins). */
export function record(suite: string, figures: SuiteFigures): void {
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(FIGURES_DIR, `${suite}.json`),
    JSON.stringify({ ...figures, seed: SEED }, null, 2),
  );
}
