/// <reference types="node" />
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPLASH_SCREENS, splashFile, splashMedia, splashScreens } from '../../build/splash-screens';

/**
 * The installable app's files (docs/installable-app.md): every icon the manifest names
 * and every iOS launch screen exists at the size it claims, so no phone shows a blank or
 * stretched picture.
 */
const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));

/** A PNG's width and height, from its header. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(fs.readFileSync(`${publicDir}manifest.json`, 'utf8')) as {
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { url: string; icons: ManifestIcon[] }[];
};

describe('the installable app', () => {
  it('has a manifest that installs standalone, with icons of every size at the size they say', () => {
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of [...pngs, ...manifest.shortcuts.flatMap((s) => s.icons)]) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(`${publicDir}${icon.src.slice(1)}`), icon.src).toEqual({ width, height });
    }
    const any = pngs.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(any).toEqual(expect.arrayContaining(['48x48', '96x96', '144x144', '192x192', '512x512']));
    const maskable = pngs.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes);
    expect(maskable).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngSize(`${publicDir}icons/apple-touch-icon.png`)).toEqual({ width: 180, height: 180 });
    expect(pngSize(`${publicDir}icons/badge-96.png`)).toEqual({ width: 96, height: 96 });
  });

  it('has a launch screen for every iOS screen size, each linked once from the HTML', () => {
    for (const screen of SPLASH_SCREENS) {
      expect(pngSize(`${publicDir}splash/${splashFile(screen)}`), splashFile(screen)).toEqual({
        width: screen.width * screen.ratio,
        height: screen.height * screen.ratio,
      });
    }
    const medias = SPLASH_SCREENS.map(splashMedia);
    expect(new Set(medias).size).toBe(medias.length);
    const plugin = splashScreens();
    // The hook reads neither the page nor its context: called bare.
    const tags = (plugin.transformIndexHtml as unknown as () => { attrs: { rel: string; href: string } }[])();
    expect(tags.map((tag) => tag.attrs.href)).toEqual(SPLASH_SCREENS.map((s) => `/splash/${splashFile(s)}`));
    expect(new Set(tags.map((tag) => tag.attrs.rel))).toEqual(new Set(['apple-touch-startup-image']));
  });
});
