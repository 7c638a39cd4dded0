/// <reference types="node" />
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js (the back-office block) name every screen's folder:
 * a new folder left out could import other screens unnoticed.
 */
describe('import zones', () => {
  it('every feature folder is a zone of its own', () => {
    const config = fs.readFileSync(new URL('../../../../eslint.config.js', import.meta.url), 'utf8');
    const block = config.slice(config.indexOf("files: ['apps/admin/**/*.{ts,tsx}']"));
    const listed = /\.\.\.\[([^\]]*)\]\.map\(\(feature\)/.exec(block)?.[1] ?? '';
    const zones = [...listed.matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
    const folders = fs
      .readdirSync(new URL('../features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(zones.sort()).toEqual(folders.sort());
  });
});
