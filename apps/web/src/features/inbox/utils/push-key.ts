/**
 * A base64url text (a VAPID public key, RFC 7515 without padding, or with it) as its bytes,
 * for `pushManager.subscribe({applicationServerKey})`. Throws on text that is not base64url.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.trim().replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) throw new Error('not a base64url text');
  const base64 = trimmed.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription's key (`subscription.options.applicationServerKey`) is `key`. */
export function sameKey(held: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}
