import { describe, expect, it } from 'vitest';
import { safeFromPath, withFrom } from './from-path';

describe('safeFromPath', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeFromPath('/order?type=1')).toBe('/order?type=1');
    expect(safeFromPath('/mine/password')).toBe('/mine/password');
    expect(safeFromPath('/news/detail?id=3#top')).toBe('/news/detail?id=3#top');
  });

  it('falls back to home without a usable value', () => {
    expect(safeFromPath(null)).toBe('/');
    expect(safeFromPath(undefined)).toBe('/');
    expect(safeFromPath('')).toBe('/');
    expect(safeFromPath('order')).toBe('/');
  });

  it('never leaves the app', () => {
    for (const evil of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/%0A/evil.example',
      'javascript:alert(1)',
      ' /order',
    ]) {
      const out = safeFromPath(evil);
      expect(out.startsWith('/'), evil).toBe(true);
      expect(out.startsWith('//'), evil).toBe(false);
      expect(out, evil).not.toContain('evil.example/x');
      expect(new URL(out, 'https://pipwise.test').origin, evil).toBe('https://pipwise.test');
    }
    expect(safeFromPath('//evil.example/x')).toBe('/');
    expect(safeFromPath('/\\evil.example')).toBe('/');
  });

  it('does not return to the access pages (that would loop)', () => {
    expect(safeFromPath('/login?from=/order')).toBe('/');
    expect(safeFromPath('/register/')).toBe('/');
    expect(safeFromPath('/forgot')).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeFromPath('https://x', '/user')).toBe('/user');
  });
});

describe('withFrom', () => {
  it('carries a real destination along', () => {
    expect(withFrom('/register', '/order?type=1')).toBe('/register?from=%2Forder%3Ftype%3D1');
  });

  it('leaves the path alone for home or an unsafe value', () => {
    expect(withFrom('/register', '/')).toBe('/register');
    expect(withFrom('/register', null)).toBe('/register');
    expect(withFrom('/forgot', '//evil.example')).toBe('/forgot');
  });
});
