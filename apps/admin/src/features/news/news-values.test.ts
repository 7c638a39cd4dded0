import { adminSaveNewsEndpoint, NEWS_DEFAULT_CATEGORY, type AdminNewsArticle } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { initialNews, newsInput, textOf, writtenLangs } from './news-values';

const article = {
  id: 8,
  category_id: 1,
  base_lang: 'fr',
  logo: '/static/news/gold.png',
  published: true,
  translations: {
    fr: { title: 'L’or monte', desc: 'Résumé', content: '<p>Or</p>' },
    en: { title: 'Gold rises', desc: 'Summary', content: '<p>Gold</p>' },
  },
} as unknown as AdminNewsArticle;

describe('the news editor', () => {
  it('a new article starts in English, unpublished, in the app’s category', () => {
    expect(initialNews(null)).toEqual({
      category_id: NEWS_DEFAULT_CATEGORY,
      base_lang: 'en',
      logo: '',
      published: false,
      title: '',
      desc: '',
      content: '',
    });
  });

  it('a saved one opens in its base language', () => {
    expect(initialNews(article)).toMatchObject({ base_lang: 'fr', title: 'L’or monte', published: true });
    expect(textOf(article, 'de')).toEqual({ title: '', desc: '', content: '' });
    expect(writtenLangs(article)).toEqual(['fr', 'en']);
  });

  it('a new article is saved in the base language chosen', () => {
    const v = { ...initialNews(null), base_lang: 'ar' as const, title: ' الذهب ', content: '<p>x</p> ' };
    const sent = newsInput(null, 'en', v);
    expect(sent).toEqual({
      category_id: NEWS_DEFAULT_CATEGORY,
      base_lang: 'ar',
      logo: '',
      published: 0,
      lang: 'ar',
      title: 'الذهب',
      desc: '',
      content: '<p>x</p> ',
    });
    expect(adminSaveNewsEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('a saved one keeps its base language and saves the language being edited', () => {
    const sent = newsInput(article, 'de', { ...initialNews(article), base_lang: 'en', title: 'Gold steigt' });
    expect(sent).toMatchObject({ id: 8, base_lang: 'fr', lang: 'de', title: 'Gold steigt', published: 1 });
  });
});
