import type { Lang } from '@pipwise/shared';

/** One language's text of a sample article: a title, the list's summary and the body. */
export interface SampleText {
  title: string;
  desc: string;
  /** Opening paragraph, shown above the image. */
  intro: string;
  heading: string;
  body: string;
  closing: string;
}

export interface SampleArticle {
  /** The image in apps/server/assets/news, used as the cover and inside the text. */
  image: string;
  /** How many days before the first start it is dated. */
  daysAgo: number;
  texts: Record<Lang, SampleText>;
}

/** The article HTML of one language (sanitized like any operator's on the way in). */
export function sampleHtml(text: SampleText, imageUrl: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return [
    `<p>${escape(text.intro)}</p>`,
    `<figure><img src="${imageUrl}" alt="${escape(text.title)}" width="750" height="400"></figure>`,
    `<h3>${escape(text.heading)}</h3>`,
    `<p>${escape(text.body)}</p>`,
    `<p>${escape(text.closing)}</p>`,
  ].join('');
}
