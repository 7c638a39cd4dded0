import { useLayoutEffect, useRef } from 'react';
import { formatPrice } from '@/lib/format';
import { getQuote, subscribeQuoteFrames, type LiveQuote } from '../store/quotes-store';

interface TextProps {
  code: string;
  /** The text for the pair's current quote (undefined before the store has one). */
  text: (quote: LiveQuote | undefined) => string;
}

/**
 * Text drawn from a pair's live quote: React renders it once, and each animation frame in
 * which the quote moved writes the new text into the element, with no render. Ticks can
 * come 50 times a second and the trade screen shows seven figures of each; rendering a
 * React tree for each of them was most of that screen's cost (docs/benchmarks.md "Live
 * rendering").
 */
export function LiveQuoteText({ code, text }: TextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  // The newest `text` (the caller's closure): a tick draws with it, without re-subscribing.
  const textRef = useRef(text);
  useLayoutEffect(() => {
    textRef.current = text;
  });
  useLayoutEffect(() => {
    const draw = () => {
      const el = ref.current;
      const next = textRef.current(getQuote(code));
      if (el && el.textContent !== next) el.textContent = next;
    };
    // A tick between the render and now is drawn at once.
    draw();
    return subscribeQuoteFrames(code, draw);
  }, [code]);
  // The single text child is the element's textContent for React too: a later render
  // writes the current text over whatever a frame drew.
  return <span ref={ref}>{text(getQuote(code))}</span>;
}

interface PriceProps {
  code: string;
  side: 'bid' | 'ask';
  precision: number;
  /** Shown until the live store has a price (the board's quote). */
  fallback: number;
}

/** A pair's live bid or ask (the trade screen's Buy and Sell buttons). */
export function LivePrice({ code, side, precision, fallback }: PriceProps) {
  return (
    <LiveQuoteText
      code={code}
      text={(q) => formatPrice((side === 'bid' ? q?.Bid : q?.Ask) ?? fallback, precision)}
    />
  );
}
