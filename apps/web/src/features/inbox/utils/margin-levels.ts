import { MAX_MARGIN_WARNING_LEVELS } from '@pipwise/shared';

/** The highest warning level the server takes (%). */
export const MAX_MARGIN_LEVEL = 10_000;

/** Digits of the scripts phone keyboards type (Arabic-Indic, Persian, full-width): their first code point. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10];

/**
 * What the levels field keeps of what was typed: ASCII digits, commas and spaces (the
 * prefilled "200, 150, 100" reads better with them; they are never sent). Other scripts'
 * digits become ASCII, and every separator a phone's number pad may offer — the point of
 * the decimal pad (levels are whole numbers), the Arabic and CJK commas, a semicolon —
 * becomes a comma, so the field works with the number pad in every language.
 */
export function cleanLevelsInput(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    if (zero !== undefined) out += String(code - zero);
    else if (/[0-9, ]/.test(char)) out += char;
    else if (/[.،，、;；٫]/.test(char)) out += ',';
    else if (/\s/.test(char)) out += ' ';
  }
  return out;
}

export type ParsedLevels =
  /** `levels` highest first, once each; `value` as the server takes it ("200,150,100", "" for none). */
  { ok: true; levels: number[]; value: string } | { ok: false };

/**
 * The field's text as the levels to save: whole numbers from 1 to 10,000 separated by
 * commas, at most five different ones; empty parts (a trailing comma) are ignored and an
 * empty field means no warnings. Anything else cannot be saved.
 */
export function parseLevels(text: string): ParsedLevels {
  const parts = cleanLevelsInput(text)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const levels: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,6}$/.test(part)) return { ok: false };
    const level = Number(part);
    if (level < 1 || level > MAX_MARGIN_LEVEL) return { ok: false };
    if (!levels.includes(level)) levels.push(level);
  }
  if (levels.length > MAX_MARGIN_WARNING_LEVELS) return { ok: false };
  levels.sort((a, b) => b - a);
  return { ok: true, levels, value: levels.join(',') };
}

/** The levels as the field shows them: "200, 150, 100" (empty for none). */
export function formatLevels(levels: readonly number[]): string {
  return levels.join(', ');
}
