import { LANGS, type Lang } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { messages } from './index.js';

type Tree = { [key: string]: string | Tree };

const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));

/**
 * One word for one thing in Hong Kong Chinese: 賬 (Hong Kong's standard form, as in 賬戶,
 * 已入賬, 賬目), never Taiwan's 帳; a margin call is 追加保證金, never 追收保證金.
 */
describe('Hong Kong Chinese keeps its terms', () => {
  const hk = texts(messages.hk);
  it.each([
    ['帳', '賬'],
    ['追收保證金', '追加保證金'],
  ])('never %s (it writes %s)', (avoided) => {
    expect(hk.filter((text) => text.includes(avoided))).toEqual([]);
  });
});

/**
 * One word per concept in every language: the term a trader of that language meets on
 * their broker's platform, in one spelling. `call`, `stopOut` and `level` match the chosen
 * term in any inflection (Russian case endings, Czech declension, Turkish suffixes) and must
 * appear wherever the English text names the concept; `avoid` lists the variants that crept
 * in before (a second translation, the other hyphenation or capitalisation).
 */
type Terms = { call: RegExp; stopOut: RegExp; level: RegExp; avoid: RegExp[] };

const terms: Record<Lang, Terms> = {
  en: {
    call: /margin call/i,
    stopOut: /stop-out/i,
    level: /margin level/i,
    avoid: [/stop out/i, /margin-call/i, /Margin Call/, /Stop-Out/],
  },
  spa: {
    call: /margin call/i,
    stopOut: /stop out/i,
    level: /nivel\p{L}* de margen/iu,
    avoid: [/llamada de margen/i, /stop-out/i, /Margin Call/, /Stop Out/],
  },
  pt: {
    call: /margin call/i,
    stopOut: /stop out/i,
    level: /níve\p{L}* de margem/iu,
    avoid: [/chamada de margem/i, /stop-out/i, /Margin Call/, /Stop Out/],
  },
  it: {
    call: /margin call/i,
    stopOut: /stop out/i,
    level: /livell\p{L} di margine/iu,
    avoid: [/chiamata di margine/i, /stop-out/i, /Margin Call/, /Stop Out/],
  },
  fr: {
    call: /appel de marge/i,
    stopOut: /stop-out/i,
    level: /niveaux? de marge/i,
    avoid: [/margin call/i, /stop out/i, /Stop-Out/, /d'appel/],
  },
  de: {
    call: /Margin-Call/,
    stopOut: /Stop-out/,
    level: /Margin-Level/,
    avoid: [
      /Margin Call/,
      /Margin-call/,
      /Stop-Out/,
      /Stop out/i,
      /Margin Level/,
      /Marginlevel/i,
      /Nachschuss/i,
    ],
  },
  ru: {
    call: /маржин-колл/i,
    stopOut: /стоп-аут/i,
    level: /уров\p{L}+ маржи/iu,
    avoid: [/маржин колл/i, /маржинколл/i, /стоп аут/i, /стопаут/i, /margin call/i, /stop[ -]?out/i],
  },
  cs: {
    call: /margin call/i,
    stopOut: /stop out/i,
    level: /úrov\p{L}* marže/iu,
    // Declined after úroveň: úroveň margin callu, úroveň stop outu.
    avoid: [/stop-out/i, /margin-call/i, /úrov\p{L}* (?:margin call|stop out)(?!\p{L})/iu],
  },
  id: {
    call: /margin call/i,
    stopOut: /stop out/i,
    level: /level margin/i,
    avoid: [/stop-out/i, /panggilan margin/i, /Margin Call/, /Stop Out/],
  },
  my: {
    call: /panggilan margin/i,
    stopOut: /stop out/i,
    level: /tahap margin/i,
    avoid: [/margin call/i, /paksa/i, /stop-out/i, /Stop Out/],
  },
  th: {
    call: /Margin Call/,
    stopOut: /Stop Out/,
    level: /ระดับมาร์จิ้น/,
    avoid: [/เรียกมาร์จิ้น/, /บังคับปิด/, /(?!Margin Call)margin[ -]?call/i, /(?!Stop Out)stop[ -]?out/i],
  },
  vn: {
    call: /gọi ký quỹ/i,
    stopOut: /stop out/i,
    level: /mức ký quỹ/i,
    avoid: [/margin call/i, /đóng bắt buộc/i, /dừng lỗ bắt buộc/i, /stop-out/i, /Stop Out/],
  },
  tr: {
    call: /teminat tamamlama/i,
    stopOut: /zorunlu kapatma/i,
    level: /teminat seviye/i,
    avoid: [/margin call/i, /stop[ -]?out/i, /teminat çağrısı/i, /marjin seviye/i],
  },
  jp: {
    call: /マージンコール/,
    stopOut: /ロスカット/,
    level: /証拠金維持率/,
    avoid: [/ストップ・?アウト/, /マージン・コール/, /強制決済/],
  },
  kr: {
    call: /마진콜/,
    stopOut: /강제 청산/,
    level: /증거금 비율/,
    avoid: [/스톱 ?아웃/, /강제청산/, /마진 콜/, /증거금 수준/],
  },
  hk: {
    call: /追加保證金/,
    stopOut: /強制平倉/,
    level: /保證金水平/,
    // 保證金比例 stays right for a fee charged as a share of the margin (按保證金比例).
    avoid: [/強平/, /保證金比例(?=跌|$)/],
  },
  ar: {
    call: /نداء الهامش/,
    stopOut: /قسري/,
    level: /مستو\p{L}* الهامش/u,
    avoid: [/إجباري/, /استدعاء الهامش/, /طلب الهامش/, /ستوب/],
  },
  hi: {
    call: /मार्जिन कॉल/,
    stopOut: /स्टॉप आउट/,
    level: /मार्जिन लेवल/,
    avoid: [/स्टॉप-आउट/, /मार्जिन स्तर/, /(?:कॉल|आउट) स्तर/],
  },
};

const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`),
  );

const english = new Map(flat(messages.en));
const naming = (concept: RegExp) => [...english].filter(([, text]) => concept.test(text)).map(([key]) => key);
const concepts = {
  call: naming(/margin[ -]call/i),
  stopOut: naming(/stop[ -]?out/i),
  level: naming(/margin level/i),
};

describe('margin call, stop-out and margin level: one term per language', () => {
  it('finds the English texts that name them', () => {
    expect(concepts.call.length).toBeGreaterThan(5);
    expect(concepts.stopOut.length).toBeGreaterThan(10);
    expect(concepts.level.length).toBeGreaterThan(10);
  });

  it.each(LANGS)('%s never writes a variant', (lang) => {
    const used = flat(messages[lang]).filter(([, text]) =>
      terms[lang].avoid.some((variant) => variant.test(text)),
    );
    expect(used).toEqual([]);
  });

  it.each(LANGS)('%s uses its chosen terms wherever English names them', (lang) => {
    const texts = new Map(flat(messages[lang]));
    const missing = (Object.keys(concepts) as (keyof typeof concepts)[]).flatMap((concept) =>
      concepts[concept]
        .filter((key) => !terms[lang][concept].test(texts.get(key) ?? ''))
        .map((key) => `${concept} ${key}: ${texts.get(key)}`),
    );
    expect(missing).toEqual([]);
  });
});
