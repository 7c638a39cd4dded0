import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
// The same hostile HTML the server's sanitizer is tested with.
import { XSS_PAYLOADS } from '../../../apps/server/test/content-xss-payloads.js';
import { makeArticleCleaner, safeImageSrc } from './article-html.js';

const { window } = new JSDOM('<!doctype html><body></body>');
const clean = makeArticleCleaner(createDOMPurify(window));

/** Elements, attributes and URLs that could run something once a browser (jsdom) parses the HTML. */
function problemsOf(html: string): string[] {
  const box = window.document.createElement('div');
  box.innerHTML = html;
  const problems: string[] = [];
  for (const el of box.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'style', 'iframe', 'svg', 'math', 'form', 'object', 'embed', 'template'].includes(tag)) {
      problems.push(`element <${tag}>`);
    }
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`foreign <${tag}>`);
    for (const attr of el.attributes) {
      if (
        attr.name.startsWith('on') ||
        ['style', 'srcdoc', 'formaction', 'id', 'name', 'srcset'].includes(attr.name)
      ) {
        problems.push(`attribute ${attr.name}`);
      }
      const url = attr.value.replace(/[\s\p{Cc}]/gu, '');
      if (
        ['href', 'src'].includes(attr.name) &&
        /^(javascript|vbscript|data:(?!image\/(png|jpeg|gif|webp);))/i.test(url)
      ) {
        problems.push(`url ${attr.value}`);
      }
    }
  }
  return problems;
}

describe('the shared article cleaner', () => {
  it('removes everything executable from raw hostile HTML', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    for (const payload of XSS_PAYLOADS) {
      const html = clean(`<p>before</p>${payload}<p>after</p>`);
      expect(problemsOf(html), payload).toEqual([]);
      expect(html, payload).toContain('<p>before</p>');
    }
  });

  it('keeps an article readable and opens outside links safely', () => {
    const html = clean(
      '<h2>T</h2><p>text <a href="https://example.com">out</a> <a href="/trade" target="_blank">in</a></p>' +
        '<img src="/static/news/risk.svg" alt="r"><img src="http://plain.example/a.png">',
    );
    expect(html).toContain('<h2>T</h2>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">out</a>',
    );
    expect(html).toContain('<a href="/trade">in</a>');
    expect(html).toContain('<img src="/static/news/risk.svg" alt="r" loading="lazy">');
    expect(html).toContain('<img alt="" loading="lazy">');
  });

  it('keeps an image’s text, and marks one without text as decoration', () => {
    expect(clean('<img src="/static/a.png" alt="Gold, one year">')).toBe(
      '<img src="/static/a.png" alt="Gold, one year" loading="lazy">',
    );
    expect(clean('<img src="/static/a.png" alt="">')).toBe('<img src="/static/a.png" alt="" loading="lazy">');
    expect(clean('<img src="/static/a.png">')).toBe('<img src="/static/a.png" alt="" loading="lazy">');
  });

  it('lets through only image addresses the apps may load', () => {
    expect(safeImageSrc('/static/news/a.png')).toBe('/static/news/a.png');
    expect(safeImageSrc('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeImageSrc('http://cdn.example/a.png')).toBe('');
    expect(safeImageSrc('/static/../api/x')).toBe('');
    expect(safeImageSrc('javascript:alert(1)')).toBe('');
  });
});
