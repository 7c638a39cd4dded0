import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type BidAsk, isBuy, type TradeSide } from './side.js';
import { type Lots, type Price } from './units.js';
import { finite, positive } from './validate.js';

/** The fill price of an opening trade: buy → ask, sell → bid (docs/money.md). */
export function openPriceFor({ side, bid, ask }: { side: TradeSide } & BidAsk): Dec {
  return finite(isBuy(side) ? 'ask' : 'bid', isBuy(side) ? ask : bid);
}

/** The price a position closes at, and TP/SL are checked on: buy → bid, sell → ask. */
export function closePriceFor({ side, bid, ask }: { side: TradeSide } & BidAsk): Dec {
  return finite(isBuy(side) ? 'bid' : 'ask', isBuy(side) ? bid : ask);
}

/**
 * Gross profit of a position (`FactProfits`, fee not included), USD, 6 decimals half up:
 * - buy:  (closePrice − openPrice) × lots × contractSize × quoteToUsd;
 * - sell: (openPrice − closePrice) × lots × contractSize × quoteToUsd.
 *
 * The price difference is in the quote currency; `quoteToUsd` (see `usdPerUnit`) converts
 * it: 1 for XXX/USD, 1 / USDJPY for a yen-quoted pair. Negative is a loss. Rounded once,
 * after the conversion. RangeError unless lots, contractSize and quoteToUsd are > 0.
 */
export function positionProfit({
  side,
  openPrice,
  closePrice,
  lots,
  contractSize,
  quoteToUsd,
}: {
  side: TradeSide;
  openPrice: Price | Dec;
  closePrice: Price | Dec;
  lots: Lots | Dec;
  contractSize: DecimalInput;
  quoteToUsd: DecimalInput;
}): Dec {
  const open = finite('openPrice', openPrice);
  const close = finite('closePrice', closePrice);
  const move = isBuy(side) ? close.minus(open) : open.minus(close);
  return roundMoney(
    move
      .mul(positive('lots', lots))
      .mul(positive('contractSize', contractSize))
      .mul(positive('quoteToUsd', quoteToUsd)),
  );
}
