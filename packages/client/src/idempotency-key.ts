/**
 * A random UUID v4 for the `Idempotency-Key` header (docs/api.md: an order submit, a
 * balance adjustment). `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); an app opened over plain http on a LAN address falls back to the same
 * format built from `getRandomValues`, which is always there.
 */
export function newIdempotencyKey(cryptoImpl: Crypto = globalThis.crypto): string {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const b = cryptoImpl.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
