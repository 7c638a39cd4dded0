import { ARTICLE_ATTRIBUTE_NAMES, ARTICLE_DATA_IMAGE_TYPES, ARTICLE_TAGS } from '@pipwise/shared';
import type { DOMPurify } from 'dompurify';

/**
 * The article HTML the apps show (news, the announcement, the back office's live
 * preview). The server sanitizes it when an operator saves it (sanitize-html,
 * apps/server/src/modules/content/html-sanitizer.ts); the apps clean it again with
 * DOMPurify, with the same allow-list, so a row that reached the database another way
 * still cannot run anything: no script, style, iframe, form, SVG or MathML, no event
 * handler, no `style`/`class`/`id`, links only to http(s), mail, phone or in-app paths,
 * images only from https, this server's `/static/` or raster data.
 */

/** Links: web, mail and phone URLs, in-app paths and fragments (never `//host`). */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|\/(?![/\\])|#)/i;
/** Images: https, this server's public folder, raster data. */
const SAFE_IMAGE = new RegExp(
  `^(?:https://|/static/[a-z0-9]|data:image/(?:${ARTICLE_DATA_IMAGE_TYPES.join('|')});base64,)`,
  'i',
);

/** An image address as given when it is one the app may load (a cover, an avatar), else ''. */
export function safeImageSrc(url: string): string {
  return SAFE_IMAGE.test(url) && !url.includes('..') ? url : '';
}

/** A cleaner bound to one DOMPurify instance (the page's, or a test's over jsdom). */
export function makeArticleCleaner(purify: DOMPurify): (html: string) => string {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!SAFE_IMAGE.test(src) || src.includes('..')) node.removeAttribute('src');
      // An image its author gave no text is decoration to a screen reader, not a file name
      // read aloud (docs/accessibility.md "Names").
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('target');
      }
    }
  });
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: [...ARTICLE_TAGS],
      ALLOWED_ATTR: [...ARTICLE_ATTRIBUTE_NAMES],
      ALLOWED_URI_REGEXP: ALLOWED_URI,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      FORBID_TAGS: ['style', 'script', 'svg', 'math', 'iframe', 'form', 'template', 'noscript'],
      FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'formaction', 'xlink:href'],
      KEEP_CONTENT: true,
      RETURN_TRUSTED_TYPE: false,
    });
}
