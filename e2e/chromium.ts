/// <reference types="node" />
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (`/usr/bin/chromium`, or CHROMIUM_PATH) driven by playwright-core, with
 * no browser download, headless and with the same flags wherever it runs: the journeys
 * (harness.ts), the browser benchmarks (bench/browser.ts) and the icon renderer
 * (apps/web/scripts/render-icons.ts). playwright gives every launch a fresh temporary
 * profile of its own.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
