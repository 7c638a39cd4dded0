import type { CoinChannel } from '@pipwise/shared';

export interface CoinChoice {
  /** The coin shown as chosen: the trader's pick, else the first one offered. */
  coin: string | null;
  networks: string[];
  network: string | null;
  /** The deposit channel of that coin on that network, if the operator set one up. */
  channel: CoinChannel | null;
}

/**
 * Which coin, network and address the coin deposit shows, from `/symbols` (coins and their
 * networks) and `/info` (the channels). A pick that is no longer offered falls back to
 * the first choice rather than to an empty screen.
 */
export function pickCoinChannel(
  symbols: readonly { currency_code: string; protocol_codes: string[] }[],
  channels: readonly CoinChannel[],
  coin: string | null,
  network: string | null,
): CoinChoice {
  const symbol = symbols.find((s) => s.currency_code === coin) ?? symbols[0];
  if (!symbol) return { coin: null, networks: [], network: null, channel: null };
  const networks = symbol.protocol_codes;
  const chosenNetwork = network && networks.includes(network) ? network : (networks[0] ?? null);
  const channel =
    channels.find((c) => c.currency_code === symbol.currency_code && c.protocol_code === chosenNetwork) ??
    null;
  return { coin: symbol.currency_code, networks, network: chosenNetwork, channel };
}
