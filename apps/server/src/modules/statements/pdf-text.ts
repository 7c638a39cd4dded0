import type { Lang } from '@pipwise/shared';
import { textFaceCoversLatin } from './statement-fonts.js';
import { visualWords } from './rtl-text.js';

/**
 * Text for pdfmake in the statement's language: the right face for each run of characters,
 * and Arabic lines in visual order (rtl-text.ts). docs/statements.md "Fonts" and "Arabic".
 */

/** A pdfmake text node. */
export type PdfText = Record<string, unknown>;

/** Latin letters, digits, punctuation, the general punctuation and currency blocks. */
const LATIN_RUN = /([\u0020-\u024f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf]+)/;
const ALL_LATIN = /^[\u0020-\u024f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf]*$/;

/** Runs of `text` in the text face, Latin runs in Noto Sans when the text face lacks them. */
function runs(lang: Lang, text: string): PdfText[] {
  if (textFaceCoversLatin(lang)) return [{ text, font: 'Text' }];
  return text
    .split(LATIN_RUN)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, font: ALL_LATIN.test(part) ? 'Latin' : 'Text' }));
}

export function isRtl(lang: Lang): boolean {
  return lang === 'ar';
}

/** One right-to-left line as pdfmake inlines: words in visual order, spaces between them. */
function rtlInlines(line: string): PdfText[] {
  const words = visualWords(line);
  // A space is its own inline: inside an Arabic word's run fontkit would draw it on the
  // word's left, and the next word would touch it.
  return words.flatMap((w, i) => {
    const pieces = w.rtl
      ? rtlWord(w.text)
      : [{ text: w.text, font: ALL_LATIN.test(w.text) ? 'Latin' : 'Text' }];
    return i < words.length - 1 ? [...pieces, { text: ' ', font: 'Latin' }] : pieces;
  });
}

const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};
const mirror = (text: string) =>
  [...text]
    .reverse()
    .map((c) => MIRROR[c] ?? c)
    .join('');

/**
 * An Arabic word with Latin punctuation around it ("(محجوز)"): the Arabic face has no
 * brackets, so they are set in Noto Sans beside it, swapped and mirrored as a right-to-left
 * reader sees them (bidi rule L4).
 */
function rtlWord(word: string): PdfText[] {
  const m = /^([\u0020-\u00ff]*)(.*?)([\u0020-\u00ff]*)$/su.exec(word)!;
  const [, lead = '', core = '', trail = ''] = m;
  return [
    ...(trail ? [{ text: mirror(trail), font: 'Latin' }] : []),
    { text: core, font: ALL_LATIN.test(core) ? 'Latin' : 'Text' },
    ...(lead ? [{ text: mirror(lead), font: 'Latin' }] : []),
  ];
}

/** Logical lines of at most `width` characters, cut between words. */
function cutLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A text in the language: for Arabic, in visual order and aligned right. pdfmake breaks
 * lines after reordering, which would put a paragraph's end on its first line, so a text
 * that may not fit one line gives `wrapAt` (characters per line): it is cut into lines in
 * reading order first, and each line is reordered on its own.
 */
export function langText(lang: Lang, text: string, style: PdfText = {}, wrapAt?: number): PdfText {
  if (!isRtl(lang)) return { text: runs(lang, text), ...style };
  if (wrapAt === undefined || text.length <= wrapAt)
    return { text: rtlInlines(text), alignment: 'right', ...style };
  return {
    stack: cutLines(text, wrapAt).map((line) => ({ text: rtlInlines(line), alignment: 'right' })),
    ...style,
  };
}

/** Figures, codes and dates: Latin digits, left to right in every language. */
export function figure(text: string, style: PdfText = {}): PdfText {
  // Intl marks directions in some languages' dates (U+200F in Arabic): the page needs none.
  return { text: text.replace(BIDI_MARKS, '').replace(ARABIC_COMMA, ','), font: 'Latin', ...style };
}

const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
/** The Arabic comma of Arabic dates ("25/11/2026، 23:00"): Noto Sans has none; a comma reads the same. */
const ARABIC_COMMA = /\u060c/g;
