// @vitest-environment jsdom
import type { QuotePush } from '@pipwise/shared';
import { act, Profiler, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LivePrice, LiveQuoteText } from '../components/live-price';
import { applyQuotePushes, QUOTE_DRAW_MS, useLiveQuoteValue, type LiveQuote } from './quotes-store';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let time = 1_000;
const bidOf = (q: LiveQuote | undefined) => q?.Bid;
const tick = (code: string, bid: number, extra: Partial<QuotePush> = {}) =>
  act(() =>
    applyQuotePushes([
      {
        Id: 1,
        Code: code,
        Bid: bid,
        Ask: bid + 1,
        Open: bid,
        Close: bid,
        High: bid,
        Low: bid,
        Change: 0,
        MarketStatus: 1,
        Time: ++time,
        ...extra,
      },
    ]),
  );

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
});
const show = (node: ReactNode) => act(() => root.render(node));
/** Waits out the next draw of shown prices: QUOTE_DRAW_MS at most, then its frame. */
const drawn = () =>
  act(
    () =>
      new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), QUOTE_DRAW_MS)),
  );

// The trade screen reads the market's state this way: it must not redraw for a price.
describe('useLiveQuoteValue', () => {
  it('re-renders when the value read moves, not on every tick of the pair', () => {
    const seen: boolean[] = [];
    function MarketOpen() {
      const open = useLiveQuoteValue('VQA', (q) => q?.MarketStatus === 1);
      seen.push(open);
      return String(open);
    }
    tick('VQA', 100);
    show(<MarketOpen />);
    tick('VQA', 101);
    tick('VQA', 102);
    expect(seen).toEqual([true]);
    tick('VQA', 102, { MarketStatus: 0 });
    expect(seen).toEqual([true, false]);
    expect(host.textContent).toBe('false');
  });

  it('follows another pair when the code changes', () => {
    function Bid({ code }: { code: string }) {
      return String(useLiveQuoteValue(code, (q) => q?.Bid));
    }
    tick('VQB', 5);
    tick('VQC', 7);
    show(<Bid code="VQB" />);
    expect(host.textContent).toBe('5');
    show(<Bid code="VQC" />);
    expect(host.textContent).toBe('7');
    tick('VQC', 8);
    expect(host.textContent).toBe('8');
  });
});

describe('useLiveQuoteValue per frame', () => {
  it('re-renders once per draw with the newest value, however many ticks came', async () => {
    const seen: (number | undefined)[] = [];
    function Bid() {
      const bid = useLiveQuoteValue('VQF', bidOf, { perFrame: true });
      seen.push(bid);
      return String(bid);
    }
    tick('VQF', 1);
    show(<Bid />);
    tick('VQF', 2);
    tick('VQF', 3);
    tick('VQF', 4);
    expect(seen).toEqual([1]);
    await drawn();
    expect(seen).toEqual([1, 4]);
    expect(host.textContent).toBe('4');
    await drawn();
    expect(seen).toEqual([1, 4]);
  });
});

describe('LiveQuoteText', () => {
  it('draws the newest quote each frame without rendering', async () => {
    let commits = 0;
    tick('VQG', 10);
    show(
      <Profiler id="text" onRender={() => commits++}>
        <LiveQuoteText code="VQG" text={(q) => `bid ${q?.Bid}`} />
      </Profiler>,
    );
    expect(host.textContent).toBe('bid 10');
    expect(commits).toBe(1);
    tick('VQG', 11);
    tick('VQG', 12);
    expect(host.textContent).toBe('bid 10');
    await drawn();
    expect(host.textContent).toBe('bid 12');
    expect(commits).toBe(1);
  });

  it('draws at most every QUOTE_DRAW_MS while ticks stream', async () => {
    let draws = 0;
    tick('VQJ', 0);
    show(
      <LiveQuoteText
        code="VQJ"
        text={(q) => {
          draws++;
          return String(q?.Bid);
        }}
      />,
    );
    draws = 0;
    // 60 ticks 5 ms apart: a draw per frame would be one per ~16 ms.
    const start = Date.now();
    for (let i = 1; i <= 60; i++) {
      tick('VQJ', i);
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    }
    await drawn();
    const elapsed = Date.now() - start;
    expect(host.textContent).toBe('60');
    expect(draws).toBeGreaterThanOrEqual(1);
    expect(draws).toBeLessThanOrEqual(Math.ceil(elapsed / QUOTE_DRAW_MS) + 1);
  });

  it('takes a new text function from a render, and a new pair', async () => {
    tick('VQH', 1);
    tick('VQI', 2);
    show(<LiveQuoteText code="VQH" text={(q) => `a ${q?.Bid}`} />);
    show(<LiveQuoteText code="VQH" text={(q) => `b ${q?.Bid}`} />);
    expect(host.textContent).toBe('b 1');
    tick('VQH', 3);
    await drawn();
    expect(host.textContent).toBe('b 3');
    show(<LiveQuoteText code="VQI" text={(q) => `b ${q?.Bid}`} />);
    expect(host.textContent).toBe('b 2');
    tick('VQH', 4);
    await drawn();
    expect(host.textContent).toBe('b 2');
  });
});

describe('LivePrice', () => {
  it('shows the fallback until a quote is known, then the newest price each frame', async () => {
    show(<LivePrice code="VQD" side="ask" precision={2} fallback={1234.5} />);
    expect(host.textContent).toBe('1,234.50');
    tick('VQD', 2000);
    await drawn();
    expect(host.textContent).toBe('2,001.00');
    tick('VQD', 2000.25);
    await drawn();
    expect(host.textContent).toBe('2,001.25');
  });

  it('shows the bid for the sell side', () => {
    tick('VQE', 10);
    show(<LivePrice code="VQE" side="bid" precision={1} fallback={0} />);
    expect(host.textContent).toBe('10.0');
  });
});
