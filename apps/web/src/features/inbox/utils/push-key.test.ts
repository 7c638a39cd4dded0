import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, sameKey } from './push-key';

/** The base64url text of `bytes`, as a server writes a VAPID key (no padding). */
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('a VAPID key from base64url to bytes (pushManager.subscribe)', () => {
  it('decodes a 65-byte P-256 public key, the characters base64 writes as + and / included', () => {
    const key = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 37 + 251) % 256));
    const text = base64url(key);
    expect(text).toMatch(/[-_]/);
    expect(text).not.toContain('=');
    const bytes = base64UrlToBytes(text);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...key]);
  });

  it('takes every length, with or without padding', () => {
    for (let n = 0; n <= 8; n++) {
      const bytes = new Uint8Array(n).map((_, i) => 0xfb + i);
      expect([...base64UrlToBytes(base64url(bytes))]).toEqual([...bytes]);
      expect([
        ...base64UrlToBytes(Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')),
      ]).toEqual([...bytes]);
    }
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('refuses what is not base64url', () => {
    expect(() => base64UrlToBytes('ab+/')).toThrow();
    expect(() => base64UrlToBytes('a b')).toThrow();
    expect(() => base64UrlToBytes('abcde')).toThrow();
  });

  it('tells a subscription made with the same key', () => {
    const key = base64UrlToBytes('BEl6');
    expect(sameKey(new Uint8Array([0x04, 0x49, 0x7a]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([0x04, 0x49, 0x7b]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([0x04, 0x49]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
