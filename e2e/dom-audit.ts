import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * What a screen must not show in any language, checked in the DOM rather than by eye:
 * a translation key instead of its text, English where the language has its own text, a
 * text cut or spilling out of its box, anything reaching past the screen's edges.
 * The locale files (packages/locales/src) say which keys and texts exist.
 */

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'locales', 'src');

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** A language's texts by key, with white space as the audit reads it from the page (one plain space). */
const readLocale = (lang: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, `${lang}.json`), 'utf8')) as Messages).map(
    ([key, text]): [string, string] => [key, text.replace(/\s+/g, ' ').trim()],
  );

/** What the in-page audit needs to know about one language. */
export interface LanguageFacts {
  /** Every key of en.json ("trading.period.15min"). */
  keys: string[];
  /** English texts without placeholders that this language translates differently. */
  englishOnly: string[];
  /** The same for English texts with {{placeholders}}: regular expressions over the whole text. */
  englishPatterns: string[];
  /** This language's own texts with placeholders, as expressions: a text they explain is its own. */
  ownPatterns: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Enough letters that the text cannot be a name, a unit or a number. */
const wordy = (s: string) => (s.match(/\p{L}/gu) ?? []).length >= 4;

export function languageFacts(lang: string): LanguageFacts {
  const en = readLocale('en');
  const keys = en.map(([key]) => key);
  if (lang === 'en') return { keys, englishOnly: [], englishPatterns: [], ownPatterns: [] };
  const own = new Map(readLocale(lang));
  // A text this language also uses for some key is its own text, not a fallback.
  const ownTexts = new Set(own.values());
  const englishOnly = new Set<string>();
  const englishPatterns = new Set<string>();
  const template = (text: string) =>
    `^${text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.+?')}$`;
  const ownPatterns = [...ownTexts].filter((t) => /\{\{\w+\}\}/.test(t)).map(template);
  for (const [key, text] of en) {
    const translated = own.get(key);
    if (translated === undefined || translated === text || ownTexts.has(text)) continue;
    if (/\{\{\w+\}\}/.test(text)) {
      // Only the words around the placeholders tell a fallback apart.
      if (wordy(text.replace(/\{\{\w+\}\}/g, ''))) englishPatterns.add(template(text));
    } else if (wordy(text)) {
      englishOnly.add(text);
    }
  }
  return { keys, englishOnly: [...englishOnly], englishPatterns: [...englishPatterns], ownPatterns };
}

export interface Problem {
  kind: 'key' | 'english' | 'overflow' | 'offscreen';
  /** Where: the nearest test ids and the element, e.g. "order-form > est-fee > span.value". */
  where: string;
  text: string;
  detail?: string;
}

/**
 * Audits the page as it is on screen now. Scrollable containers (overflow-x auto/scroll)
 * are meant to be wider than their box and are left alone, as is whatever an ancestor
 * clips (it does not show past the edge).
 */
export async function auditPage(page: Page, facts: LanguageFacts): Promise<Problem[]> {
  // tsx (esbuild) wraps named functions in `__name(...)`, which the page does not have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate((facts) => {
    const problems: Problem[] = [];
    const keys = new Set(facts.keys);
    const englishOnly = new Set(facts.englishOnly);
    const patterns = facts.englishPatterns.map((p) => new RegExp(p, 'u'));
    const own = facts.ownPatterns.map((p) => new RegExp(p, 'u'));
    const english = (text: string) =>
      (englishOnly.has(text) || patterns.some((p) => p.test(text))) && !own.some((p) => p.test(text));
    const width = document.documentElement.clientWidth;

    const describe = (el: Element): string => {
      const ids: string[] = [];
      for (let at: Element | null = el; at && ids.length < 3; at = at.parentElement) {
        const id = at.getAttribute('data-testid');
        if (id) ids.unshift(id);
      }
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return [...ids, `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`].join(' > ');
    };
    // Text for screen readers only (global.css .pw-sr-only) is not on screen.
    const shown = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      el.getBoundingClientRect().width > 0 &&
      !el.closest('.pw-sr-only');
    const scrolls = (style: CSSStyleDeclaration) =>
      style.overflowX === 'auto' || style.overflowX === 'scroll';

    // 1. Visible texts: translation keys and English fallbacks.
    const blocks = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script,style,noscript,svg') || !shown(parent)) continue;
      for (const match of text.matchAll(/\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b/g)) {
        if (keys.has(match[0])) problems.push({ kind: 'key', where: describe(parent), text });
      }
      if (english(text)) problems.push({ kind: 'english', where: describe(parent), text });
      // The box the text flows in: its nearest element that is not inline.
      let box: Element | null = parent;
      while (box && ['inline', 'contents'].includes(getComputedStyle(box).display)) box = box.parentElement;
      if (box) blocks.add(box);
    }
    for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const text = el.getAttribute('placeholder') ?? '';
      if (!shown(el)) continue;
      if (keys.has(text)) problems.push({ kind: 'key', where: describe(el), text });
      if (english(text)) problems.push({ kind: 'english', where: describe(el), text });
    }

    // 2. Texts wider than their box (cut with an ellipsis, or spilling over).
    for (const box of blocks) {
      const style = getComputedStyle(box);
      if (scrolls(style) || box.clientWidth === 0) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push({
          kind: 'overflow',
          where: describe(box),
          text: (box.textContent ?? '').trim().slice(0, 80),
          detail: `${box.scrollWidth}px of text in ${box.clientWidth}px${style.textOverflow === 'ellipsis' ? ' (cut with an ellipsis)' : ''}`,
        });
      }
    }

    // 3. Anything reaching past the screen's left or right edge, where no ancestor clips
    // or scrolls it.
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      // The outermost element that reaches out says where; its children add nothing.
      if (el.parentElement && reported.has(el.parentElement)) {
        reported.add(el);
        continue;
      }
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || (rect.right <= width + 1 && rect.left >= -1)) continue;
      if (!shown(el)) continue;
      let left = rect.left;
      let right = rect.right;
      let contained = false;
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (scrolls(style)) {
          contained = true;
          break;
        }
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const clip = at.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
      }
      if (contained || (right <= width + 1 && left >= -1) || right - left <= 0) continue;
      reported.add(el);
      problems.push({
        kind: 'offscreen',
        where: describe(el),
        text: (el.textContent ?? '').trim().slice(0, 80),
        detail: `spans ${Math.round(left)}…${Math.round(right)}px of a ${width}px screen`,
      });
    }
    return problems;
  }, facts);
}
