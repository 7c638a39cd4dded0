/**
 * An operator-configured link (the card provider) as something safe to open: http(s) only,
 * so a mistyped or hostile `javascript:` value never runs in the app's origin.
 */
export function safeExternalUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
