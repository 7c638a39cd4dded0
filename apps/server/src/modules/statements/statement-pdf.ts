import type { Readable } from 'node:stream';
import path from 'node:path';
import type { Lang, MicroUsd } from '@pipwise/shared';
import pdfmake from 'pdfmake';
import type { Translator } from '../../core/i18n.js';
import type { StatementSubject } from './statement-csv.js';
import {
  ALWAYS_SHOWN,
  SUMMARY_LINES,
  type Movement,
  type StatementData,
  type StatementSummary,
  type TradeInfo,
} from './statement-data.js';
import { statementFonts } from './statement-fonts.js';
import {
  localDateTime,
  localMonth,
  localUsd,
  movementDetails,
  priceText,
  sideText,
} from './statement-format.js';
import type { StatementPeriod } from './statement-period.js';
import { figure, isRtl, langText, type PdfText } from './pdf-text.js';

/**
 * The most movements and trades one PDF lists (docs/statements.md "Large statements"): pdfmake
 * lays a document out whole in memory, so a year of a busy account is cut here, with a line
 * saying so; the summary still covers the whole period and the CSV lists every row.
 */
export const PDF_MAX_ROWS = 2_000;

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BRAND = '#0b5cab';
const SHADE = '#f3f6fa';

interface Ctx {
  t: Translator;
  lang: Lang;
  zone: string;
}

const tr = (c: Ctx, key: string, vars?: Record<string, unknown>) => c.t(c.lang, `statement.${key}`, vars);

/** A row in reading order; right-to-left tables are drawn with their columns reversed. */
const row = (c: Ctx, cells: PdfText[]) => (isRtl(c.lang) ? [...cells].reverse() : cells);
const widths = (c: Ctx, w: (string | number)[]) => (isRtl(c.lang) ? [...w].reverse() : w);
const start = (c: Ctx) => (isRtl(c.lang) ? 'right' : 'left');
const end = (c: Ctx) => (isRtl(c.lang) ? 'left' : 'right');

const money = (c: Ctx, m: MicroUsd, style: PdfText = {}) =>
  figure(localUsd(c.lang, m), { alignment: 'right', ...style });
const when = (c: Ctx, ms: number | null) => figure(ms === null ? '' : localDateTime(c.lang, c.zone, ms));

/** Thin horizontal rules, a shaded header row, roomy cells: a bank's table, not a grid. */
const TABLE_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0.8 : 0.4,
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  fillColor: (i: number) => (i === 0 ? SHADE : null),
  paddingTop: () => 4,
  paddingBottom: () => 4,
  paddingLeft: () => 5,
  paddingRight: () => 5,
};

function header(c: Ctx, subject: StatementSubject, period: StatementPeriod, generatedAt: number): PdfText[] {
  const title = period.month
    ? tr(c, 'title_month', { month: localMonth(c.lang, period.month) })
    : tr(c, 'title');
  const brand = { text: 'Pipwise', font: 'Latin', bold: true, fontSize: 20, color: BRAND, width: 'auto' };
  const heading = langText(c.lang, title, {
    bold: true,
    fontSize: 15,
    alignment: end(c),
    width: '*',
    margin: [0, 4, 0, 0],
  });
  const info: [string, PdfText][] = [
    [tr(c, 'account'), figure(String(subject.account))],
    [tr(c, 'account_type'), langText(c.lang, tr(c, subject.isDemo ? 'account_demo' : 'account_real'))],
    [
      tr(c, 'period'),
      figure(
        `${localDateTime(c.lang, c.zone, period.from, false)} – ${localDateTime(c.lang, c.zone, period.to - 1, false)}`,
      ),
    ],
    [tr(c, 'time_zone'), figure(period.zone)],
    [tr(c, 'currency'), figure('USD')],
    [tr(c, 'generated'), figure(localDateTime(c.lang, c.zone, generatedAt))],
  ];
  return [
    { columns: isRtl(c.lang) ? [heading, brand] : [brand, heading], margin: [0, 0, 0, 4] },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 1.5, lineColor: BRAND }],
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        widths: widths(c, [110, '*']),
        body: info.map(([label, value]) =>
          row(c, [langText(c.lang, label, { color: MUTED }), { ...value, alignment: start(c) }]),
        ),
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 12],
    },
  ];
}

function summaryBlock(c: Ctx, s: StatementSummary): PdfText[] {
  const line = (label: string, amount: MicroUsd, bold = false) =>
    row(c, [langText(c.lang, label, { bold }), money(c, amount, { bold })]);
  const body = [
    line(tr(c, 'opening'), s.opening, true),
    ...SUMMARY_LINES.filter((l) => ALWAYS_SHOWN.has(l) || s.lines[l] !== 0).map((l) =>
      line(tr(c, `line.${l}`), s.lines[l]),
    ),
    line(tr(c, 'closing'), s.closing, true),
  ];
  return [
    langText(c.lang, tr(c, 'summary'), { style: 'h2' }),
    {
      table: { widths: widths(c, ['*', 130]), body },
      layout: {
        ...TABLE_LAYOUT,
        fillColor: (i: number) => (i === 0 || i === body.length - 1 ? SHADE : null),
      },
    },
    langText(c.lang, tr(c, 'reconcile'), { color: MUTED, fontSize: 8, margin: [0, 4, 0, 14] }, 110),
  ];
}

function movementsBlock(c: Ctx, movements: Movement[], total: number): PdfText[] {
  const head = row(
    c,
    ['col_date', 'col_type', 'col_details', 'col_amount', 'col_balance'].map((k) =>
      langText(c.lang, tr(c, k), { bold: true, fontSize: 8 }),
    ),
  );
  const body = movements.map((m) =>
    row(c, [
      when(c, m.at),
      langText(c.lang, c.t(c.lang, `ledger.${m.kind}`), {}, 18),
      langText(c.lang, movementDetails(c.t, c.lang, m), {}, 42),
      money(c, m.amount, { color: m.amount < 0 ? '#b42318' : INK }),
      money(c, m.balanceAfter),
    ]),
  );
  const out: PdfText[] = [langText(c.lang, tr(c, 'movements'), { style: 'h2' })];
  if (movements.length === 0)
    out.push(langText(c.lang, tr(c, 'none'), { color: MUTED, margin: [0, 0, 0, 14] }));
  else
    out.push({
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: widths(c, [70, 86, '*', 60, 64]),
        body: [head, ...body],
      },
      layout: TABLE_LAYOUT,
      fontSize: 8,
      margin: [0, 0, 0, 14],
    });
  if (total > movements.length)
    out.push(
      langText(
        c.lang,
        tr(c, 'truncated', { count: movements.length, total }),
        { color: '#b42318', margin: [0, 0, 0, 14] },
        100,
      ),
    );
  return out;
}

function tradesBlock(c: Ctx, trades: TradeInfo[]): PdfText[] {
  const keys = [
    'col_order',
    'col_instrument',
    'col_side',
    'col_lots',
    'col_opened',
    'col_open_price',
    'col_closed',
    'col_close_price',
    'col_profit',
  ];
  const head = row(
    c,
    keys.map((k) => langText(c.lang, tr(c, k), { bold: true, fontSize: 7.5 })),
  );
  const body = trades.map((x) =>
    row(c, [
      figure(`#${x.id}`),
      figure(x.instrument),
      langText(c.lang, sideText(c.t, c.lang, x.side)),
      figure(x.lots, { alignment: 'right' }),
      when(c, x.openedAt),
      figure(priceText(x.openPrice, x.precision), { alignment: 'right' }),
      x.closedAt === null ? langText(c.lang, tr(c, 'still_open'), { color: MUTED }) : when(c, x.closedAt),
      figure(priceText(x.closePrice, x.precision), { alignment: 'right' }),
      x.closedAt === null ? figure('') : money(c, x.profit, { color: x.profit < 0 ? '#b42318' : INK }),
    ]),
  );
  const out: PdfText[] = [langText(c.lang, tr(c, 'trades'), { style: 'h2' })];
  if (trades.length === 0)
    out.push(langText(c.lang, tr(c, 'no_trades'), { color: MUTED, margin: [0, 0, 0, 14] }));
  else
    out.push({
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: widths(c, [34, 50, 30, 30, 66, 46, 66, 46, '*']),
        body: [head, ...body],
      },
      layout: TABLE_LAYOUT,
      fontSize: 7.5,
      margin: [0, 0, 0, 14],
    });
  return out;
}

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

/**
 * The statement as a PDF stream (A4). Fonts are checked first: a missing file is a
 * translated error before any byte is sent.
 */
export async function statementPdf(
  deps: { t: Translator; data: StatementData; fontDir: string; now: () => number },
  subject: StatementSubject,
  period: StatementPeriod,
  summary: StatementSummary,
): Promise<Readable> {
  const fonts = statementFonts(deps.fontDir, subject.lang);
  const c: Ctx = { t: deps.t, lang: subject.lang, zone: period.zone };
  const [movements, trades] = await Promise.all([
    collect(deps.data.movements(subject.account, period, PDF_MAX_ROWS)),
    collect(deps.data.trades(subject.account, period, PDF_MAX_ROWS)),
  ]);
  const footerText = tr(c, 'footer', { account: subject.account });
  const doc = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: tr(c, 'title'), author: 'Pipwise', creator: 'Pipwise' },
    defaultStyle: { font: 'Text', fontSize: 9, color: INK, lineHeight: 1.15 },
    styles: { h2: { bold: true, fontSize: 11, color: BRAND, margin: [0, 0, 0, 6] } },
    content: [
      ...header(c, subject, period, deps.now()),
      ...summaryBlock(c, summary),
      ...movementsBlock(c, movements, summary.rowCount),
      ...tradesBlock(c, trades),
      {
        table: { widths: ['*'], body: [[langText(c.lang, tr(c, 'financing_note'), { fontSize: 8.5 }, 100)]] },
        layout: { ...TABLE_LAYOUT, fillColor: () => SHADE, hLineWidth: () => 0 },
      },
    ],
    footer: (page: number, pages: number) => ({
      columns: row(c, [
        langText(c.lang, footerText, { color: MUTED, fontSize: 7.5, alignment: start(c) }),
        langText(c.lang, tr(c, 'page', { page, pages }), { color: MUTED, fontSize: 7.5, alignment: end(c) }),
      ]),
      margin: [40, 16, 40, 0],
    }),
  };
  const root = path.resolve(deps.fontDir);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(root));
  // setFonts and createPdf in one synchronous step: the printer takes the fonts as it is made.
  pdfmake.setFonts(fonts);
  const stream = await pdfmake.createPdf(doc).getStream();
  stream.end();
  return stream;
}
