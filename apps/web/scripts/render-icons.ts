/// <reference types="node" />
// Renders the SVG logo to the PNG icons the manifest and iOS need, with the system
// Chromium as the journeys launch it (e2e/chromium.ts: playwright-core, no browser
// download). Run after changing the logo:
//   npx tsx apps/web/scripts/render-icons.ts
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../../e2e/chromium.js';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const jobs = [
  { svg: 'logo.svg', out: 'icon-192.png', size: 192, transparent: true },
  { svg: 'logo.svg', out: 'icon-512.png', size: 512, transparent: true },
  { svg: 'maskable.svg', out: 'maskable-512.png', size: 512, transparent: false },
  // iOS draws its own rounded mask and shows transparency as black: use the full-bleed art.
  { svg: 'maskable.svg', out: 'apple-touch-icon.png', size: 180, transparent: false },
  { svg: 'logo.svg', out: 'favicon-32.png', size: 32, transparent: true },
];

const browser = await launchChromium();
try {
  for (const job of jobs) {
    const svg = await readFile(join(icons, job.svg), 'utf8');
    const page = await browser.newPage({ viewport: { width: job.size, height: job.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" ` +
        `width="${job.size}" height="${job.size}" style="display:block"></body></html>`,
    );
    await page.screenshot({ path: join(icons, job.out), omitBackground: job.transparent });
    await page.close();
    console.log('wrote', job.out);
  }
} finally {
  await browser.close();
}
