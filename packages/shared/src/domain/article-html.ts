/**
 * The one allow-list of article HTML (news, the announcement): the server cleans what an
 * operator saves with it (sanitize-html) and the apps clean what they show with it again
 * (DOMPurify), so both ends agree on what an article may contain (docs/api.md "Content
 * and support"). No script, style, iframe, form, SVG or MathML; no event handler,
 * `style`, `class`, `id` or `srcset`.
 */

export const ARTICLE_TAGS: readonly string[] = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'blockquote',
  'q',
  'cite',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'hr',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
];

/** Attributes each tag may keep; `*` applies to every tag. */
export const ARTICLE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start', 'reversed'],
  '*': ['dir', 'lang'],
};

/** Every attribute some tag may keep (DOMPurify takes one flat list). */
export const ARTICLE_ATTRIBUTE_NAMES: readonly string[] = [
  ...new Set(Object.values(ARTICLE_ATTRIBUTES).flat()),
];

/** Inline images are raster only — never `image/svg+xml`, which carries markup of its own. */
export const ARTICLE_DATA_IMAGE_TYPES: readonly string[] = ['png', 'jpeg', 'gif', 'webp'];
