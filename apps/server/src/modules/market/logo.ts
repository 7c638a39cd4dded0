import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Instrument } from './instrument.js';

/**
 * Instrument logos as SVG, composed from maintained icon sets: two round country flags for
 * a currency pair (flag-icons), the coin's own icon for crypto (cryptocurrency-icons),
 * the index's country flag, and a drawn badge for metals and energy.
 */

const require = createRequire(import.meta.url);
const flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '1x1');
const coinDir = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg', 'color');

const CURRENCY_FLAG: Record<string, string> = {
  USD: 'us',
  EUR: 'eu',
  GBP: 'gb',
  JPY: 'jp',
  CHF: 'ch',
  AUD: 'au',
  CAD: 'ca',
  NZD: 'nz',
  CNH: 'cn',
  HKD: 'hk',
  SGD: 'sg',
  SEK: 'se',
  NOK: 'no',
  MXN: 'mx',
  ZAR: 'za',
  TRY: 'tr',
};
const INDEX_FLAG: Record<string, string> = {
  US30: 'us',
  SPX500: 'us',
  NAS100: 'us',
  GER40: 'de',
  UK100: 'gb',
  JPN225: 'jp',
  FRA40: 'fr',
  AUS200: 'au',
};
const BADGE: Record<string, { label: string; from: string; to: string; ink: string }> = {
  XAU: { label: 'Au', from: '#f6d365', to: '#c99a2e', ink: '#5a3d00' },
  XAG: { label: 'Ag', from: '#eef1f5', to: '#9aa5b1', ink: '#2f3a45' },
  WTI: { label: 'WTI', from: '#3a3a3a', to: '#111111', ink: '#f5c451' },
  BRENT: { label: 'BRN', from: '#33475b', to: '#131d28', ink: '#f5c451' },
  NGAS: { label: 'GAS', from: '#5ec2f2', to: '#1c6fb8', ink: '#ffffff' },
};

const dataUri = (file: string) => `data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}`;

function roundImage(file: string, x: number, y: number, size: number, id: string): string {
  const r = size / 2;
  return (
    `<clipPath id="${id}"><circle cx="${x + r}" cy="${y + r}" r="${r}"/></clipPath>` +
    `<image href="${dataUri(file)}" x="${x}" y="${y}" width="${size}" height="${size}" clip-path="url(#${id})"/>` +
    `<circle cx="${x + r}" cy="${y + r}" r="${r - 0.75}" fill="none" stroke="rgba(0,0,0,.12)" stroke-width="1.5"/>`
  );
}

function badge(label: string, from: string, to: string, ink: string): string {
  const size = label.length > 2 ? 17 : 22;
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="32" cy="32" r="30" fill="url(#g)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${ink}">${label}</text>`
  );
}

function body(inst: Instrument): string {
  const coin = path.join(coinDir, `${inst.baseCurrency.toLowerCase()}.svg`);
  if (inst.session === 'crypto' && fs.existsSync(coin))
    return `<image href="${dataUri(coin)}" x="2" y="2" width="60" height="60"/>`;
  const indexFlag = INDEX_FLAG[inst.code];
  if (indexFlag) return roundImage(path.join(flagDir, `${indexFlag}.svg`), 2, 2, 60, 'a');
  const base = CURRENCY_FLAG[inst.baseCurrency];
  const quote = CURRENCY_FLAG[inst.quoteCurrency];
  if (base && quote) {
    return (
      roundImage(path.join(flagDir, `${base}.svg`), 0, 0, 42, 'a') +
      roundImage(path.join(flagDir, `${quote}.svg`), 22, 22, 42, 'b')
    );
  }
  const b = BADGE[inst.baseCurrency] ?? {
    label: inst.baseCurrency.slice(0, 3),
    from: '#8e9bb0',
    to: '#4a5568',
    ink: '#fff',
  };
  return badge(b.label, b.from, b.to, b.ink);
}

const cache = new Map<string, string>();

/** The logo of an instrument as an SVG document (built once, then served from memory). */
export function instrumentLogo(inst: Instrument): string {
  let svg = cache.get(inst.code);
  if (!svg) {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body(inst)}</svg>`;
    cache.set(inst.code, svg);
  }
  return svg;
}
