/**
 * Figures of the ranking cards. Like prices, they keep Latin digits in every language, so
 * traders compare them column by column.
 */
const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const plainPercent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const usd = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const count = new Intl.NumberFormat('en-US');

/** "+38.62%" — a return, with its sign. */
export const formatRate = (value: number) => `${percent.format(value)}%`;
/** "74.5%" — a share (win rate), no sign. */
export const formatShare = (value: number) => `${plainPercent.format(value)}%`;
/** "+18,452.30" — a profit in USD. */
export const formatProfit = (value: number) => usd.format(value);
export const formatCount = (value: number) => count.format(value);

/** 'up', 'down' or 'flat', for the colour of a signed figure. */
export function trendOf(value: number): 'up' | 'down' | 'flat' {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/** Up to two letters of a display name for the avatar ("Alpine Capital" → "AC", "陳志明" → "陳"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '')][0] ?? '?';
  const second = words.length > 1 ? ([...(words[1] ?? '')][0] ?? '') : '';
  // Latin initials read as a pair; a CJK name is shown by its first character alone.
  return (/[a-z]/i.test(first) ? `${first}${second}` : first).toUpperCase();
}

/** A steady hue for a name, so each trader keeps their colour. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % 360;
}
