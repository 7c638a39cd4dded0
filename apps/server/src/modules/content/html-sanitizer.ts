import { ARTICLE_ATTRIBUTES, ARTICLE_DATA_IMAGE_TYPES, ARTICLE_TAGS } from '@pipwise/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Operators' HTML (news articles, the announcement) is cleaned by sanitize-html when it is
 * saved, and again by DOMPurify in the browser when it is shown (docs/api.md "Content and
 * support"). What survives is an allow-list of article tags: no script, style, iframe,
 * form, SVG or MathML, no event handler, `style`, `class`, `id` or `srcset` attribute,
 * and URLs only of the schemes below. Images come from https hosts, this server's own
 * `/static/` folder, or are inline raster `data:image/…;base64` — never SVG data, which
 * could carry markup of its own.
 */

/**
 * Tags dropped together with everything inside them: their content is code, markup of
 * another language, or text a browser would parse differently from the sanitizer.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'iframe',
  'frameset',
  'object',
  'applet',
  'embed',
  'svg',
  'math',
  'title',
  'head',
  'textarea',
  'select',
  'option',
  'button',
];

/** Raster images inline; never `image/svg+xml`. */
const DATA_IMAGE = new RegExp(
  `^data:image/(${ARTICLE_DATA_IMAGE_TYPES.join('|')});base64,[a-z0-9+/]+={0,2}$`,
  'i',
);
/** This server's public images (`/static/news/…`, instrument logos). */
const OWN_STATIC = /^\/static\/[a-z0-9][a-z0-9._/-]*$/i;

/** Whether `url` is an image address an article, a logo or an avatar may use. */
export function isSafeImageUrl(url: string): boolean {
  if (OWN_STATIC.test(url)) return !url.includes('..') && !url.includes('//');
  if (DATA_IMAGE.test(url)) return true;
  if (!/^https:\/\//i.test(url) || /[\s"'<>\\`]/.test(url)) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute web link: it opens in a new tab, without access back to the app. */
const isExternal = (href: string) => /^https?:\/\//i.test(href);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ARTICLE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: {
    // The page's title is its only h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: isExternal(href) ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : rest,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // An image from anywhere else is dropped whole, as is one without a source.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageUrl(frame.attribs.src ?? ''),
};

/** The article HTML that is safe to store and show. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of some HTML (for checks such as "the announcement is not empty"). */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
