/// <reference types="node" />
// Renders the SVG logo to the PNG icons the manifest, iOS and notifications need, and the
// iOS launch screens (build/splash-screens.ts), with the system Chromium as the journeys
// launch it (e2e/chromium.ts: playwright-core, no browser download). Run after changing
// the logo:
//   npx tsx apps/web/scripts/render-icons.ts
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../../e2e/chromium.js';
import { SPLASH_SCREENS, splashFile } from '../build/splash-screens.js';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const splash = fileURLToPath(new URL('../public/splash/', import.meta.url));

/** The manifest's sizes of the plain icon (public/manifest.json). */
const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];

const jobs = [
  ...ICON_SIZES.map((size) => ({ svg: 'logo.svg', out: `icon-${size}.png`, size, transparent: true })),
  { svg: 'maskable.svg', out: 'maskable-192.png', size: 192, transparent: false },
  { svg: 'maskable.svg', out: 'maskable-512.png', size: 512, transparent: false },
  // iOS draws its own rounded mask and shows transparency as black: use the full-bleed art.
  { svg: 'maskable.svg', out: 'apple-touch-icon.png', size: 180, transparent: false },
  { svg: 'logo.svg', out: 'favicon-32.png', size: 32, transparent: true },
  { svg: 'badge.svg', out: 'badge-96.png', size: 96, transparent: true },
];

const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await launchChromium();
try {
  for (const job of jobs) {
    const svg = await readFile(join(icons, job.svg), 'utf8');
    const page = await browser.newPage({ viewport: { width: job.size, height: job.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="${dataUrl(svg)}" width="${job.size}" height="${job.size}" style="display:block"></body></html>`,
    );
    await page.screenshot({ path: join(icons, job.out), omitBackground: job.transparent });
    await page.close();
    console.log('wrote', job.out);
  }

  // Launch screens: the app's background with the logo and the name in the middle, as
  // the first screen's frame appears (index.html's colours).
  await mkdir(splash, { recursive: true });
  const logo = dataUrl(await readFile(join(icons, 'logo.svg'), 'utf8'));
  for (const screen of SPLASH_SCREENS) {
    const page = await browser.newPage({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.ratio,
    });
    const mark = Math.round(Math.min(screen.width, screen.height) * 0.28);
    await page.setContent(
      `<html><body style="margin:0;height:100vh;background:#0b0f17;display:flex;flex-direction:column;` +
        `align-items:center;justify-content:center;gap:${Math.round(mark * 0.18)}px;` +
        `font:600 ${Math.round(mark * 0.26)}px system-ui,sans-serif;color:#e9edf4;letter-spacing:0.02em">` +
        `<img src="${logo}" width="${mark}" height="${mark}" style="display:block">Pipwise</body></html>`,
    );
    await page.screenshot({ path: join(splash, splashFile(screen)) });
    await page.close();
    console.log('wrote', splashFile(screen));
  }
} finally {
  await browser.close();
}
