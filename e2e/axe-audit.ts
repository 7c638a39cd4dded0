import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The accessibility check of every screen a journey photographs (docs/accessibility.md):
 * axe-core runs in the page as it is on screen and the journey fails on any violation of
 * WCAG 2.1 A/AA whose impact is serious or critical, naming the rule, the elements and their
 * HTML. Minor and moderate findings do not fail a journey.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules' tags the check runs: WCAG 2.0 and 2.1, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a journey. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Parts of third-party code axe may not judge, each with why. Narrow selectors only: a rule
 * is never turned off for a whole screen. Empty while every screen passes as it is.
 */
const EXCLUDED: readonly string[] = [];

export interface AxeViolation {
  rule: string;
  impact: ImpactValue;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** The serious and critical violations on the page now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // tsx (esbuild) wraps named functions in `__name(...)`, which the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy (script-src
  // 'self') does not stop it as it would a <script> tag. Once per document.
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: TAGS },
    resultTypes: ['violations'],
    // Frames (the support chat's third-party site) are not ours to judge; the <iframe>
    // element itself still is (its title).
    iframes: false,
  };
  const results = await page.evaluate(
    ([options, exclude]) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } })
        .axe;
      return axe.run(exclude.length ? { exclude: exclude.map((s) => [s]) } : document, options);
    },
    [options, EXCLUDED] as const,
  );
  return results.violations
    .filter((v: Result) => v.impact && FAILING.includes(v.impact))
    .map((v: Result) => ({
      rule: v.id,
      impact: v.impact as ImpactValue,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html,
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** How many elements a rule's violation lists (a token's colour fails on every row of a list). */
const SHOWN_NODES = 12;

/** The violations as a person reads them: rule, impact, then each element and its HTML. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.rule} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, SHOWN_NODES)
          .map((n) => `    at ${n.target}\n      ${n.html.slice(0, 300)}\n      ${n.summary.slice(0, 300)}`)
          .join('\n') +
        (v.nodes.length > SHOWN_NODES ? `\n    … and ${v.nodes.length - SHOWN_NODES} more element(s)` : ''),
    )
    .join('\n');
}

/** How long a screen with findings is given to settle (a toast fading, a sheet sliding in). */
const SETTLE_MS = 800;
/** How many more looks a screen with findings gets: a toast lives about two seconds. */
const LOOKS = 3;

/** The violations of `later` whose rule and element were also in `earlier`. */
function stillThere(earlier: readonly AxeViolation[], later: readonly AxeViolation[]): AxeViolation[] {
  const seen = new Set(earlier.flatMap((v) => v.nodes.map((n) => `${v.rule} ${n.target}`)));
  return later
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => seen.has(`${v.rule} ${n.target}`)) }))
    .filter((v) => v.nodes.length > 0);
}

/**
 * Fails with every serious or critical violation on the screen `name`. A screen photographed
 * mid-animation (a toast fading in or out reads as grey on grey) is looked at again, every
 * SETTLE_MS, up to LOOKS more times: what was there at every look fails the journey, with the
 * elements as the last look found them.
 */
export async function assertAccessible(page: Page, name: string): Promise<void> {
  let violations = await axeViolations(page);
  for (let look = 0; look < LOOKS && violations.length > 0; look++) {
    await page.waitForTimeout(SETTLE_MS);
    violations = stillThere(violations, await axeViolations(page));
  }
  if (violations.length === 0) return;
  throw new Error(
    `accessibility: ${violations.length} serious or critical axe-core violation(s) on the screen "${name}" (${page.url()}):\n${describeViolations(violations)}`,
  );
}
