/**
 * Deep links to an instrument's trade screen: `/trade?forex_id=<Id>` (what the app writes)
 * or `/trade?code=<Code>` (handy to type or share, e.g. `?code=XAUUSD`). The URL is the
 * source of truth of the trade screen's pair, so a link opens it, a reload keeps it and
 * the back button leaves the screen rather than stepping through pairs (the drawer
 * replaces the entry; tapping a row elsewhere pushes a new one).
 */

export const TRADE_PATH = '/trade';

/** What a trade link names: an id, or a code. */
export type TradeLinkTarget = { id: number } | { code: string };

interface LinkablePair {
  Id: number;
  Code: string;
}

const ID = /^[1-9]\d{0,8}$/;
const CODE = /^[A-Za-z0-9]{2,20}$/;

/** The pair a trade URL's query names (`forex_id` first, then `code`), or null. */
export function readTradeLink(search: string | URLSearchParams): TradeLinkTarget | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const id = params.get('forex_id')?.trim();
  if (id && ID.test(id)) return { id: Number(id) };
  const code = params.get('code')?.trim();
  if (code && CODE.test(code)) return { code: code.toUpperCase() };
  return null;
}

/** The link that opens a pair: `/trade?forex_id=15`. */
export function tradeLink(pair: { Id: number }): string {
  return `${TRADE_PATH}?forex_id=${pair.Id}`;
}

export interface TradeSelection<P> {
  /** The pair to show: the linked one, else the last picked, else the first; undefined for no pairs. */
  pair: P | undefined;
  /**
   * The URL to put in place (replace) when the address does not name the pair shown —
   * no link, or one to a pair that does not exist — so it can be shared as it is.
   */
  canonical: string | null;
}

/** Which pair the trade screen shows for this link, given the list and the last pick. */
export function resolveTradePair<P extends LinkablePair>(
  pairs: readonly P[] | undefined,
  link: TradeLinkTarget | null,
  lastPicked: { id: number; code: string } | null,
): TradeSelection<P> {
  if (!pairs || pairs.length === 0) return { pair: undefined, canonical: null };
  const linked = link
    ? 'id' in link
      ? pairs.find((p) => p.Id === link.id)
      : pairs.find((p) => p.Code.toUpperCase() === link.code)
    : undefined;
  if (linked) return { pair: linked, canonical: null };
  const pair =
    (lastPicked &&
      (pairs.find((p) => p.Id === lastPicked.id) ?? pairs.find((p) => p.Code === lastPicked.code))) ||
    pairs[0]!;
  return { pair, canonical: tradeLink(pair) };
}
