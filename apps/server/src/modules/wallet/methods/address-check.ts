import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { Address } from '@scure/btc-signer/payment.js';

/**
 * Whether a payout address is well formed for a withdraw currency's network
 * (docs/api.md "Bound payout accounts"). Checksums come from maintained libraries, never
 * from code of ours: a typo in an address sends money nowhere.
 */

/** The address families we can check, by a currency's `protocol` (upper-cased). */
const FAMILY_OF_PROTOCOL: Record<string, AddressFamily> = {
  TRC20: 'tron',
  TRX: 'tron',
  ERC20: 'evm',
  ETH: 'evm',
  BEP20: 'evm',
  BTC: 'bitcoin',
};

export type AddressFamily = 'tron' | 'evm' | 'bitcoin';

/** The family of a network, or undefined when we cannot check its addresses. */
export function addressFamily(protocol: string): AddressFamily | undefined {
  return FAMILY_OF_PROTOCOL[protocol.trim().toUpperCase()];
}

/** Whether `address` is a valid address of the family. */
export function isValidAddress(family: AddressFamily, address: string): boolean {
  switch (family) {
    case 'tron':
      return isTronAddress(address);
    case 'evm':
      return isEvmAddress(address);
    case 'bitcoin':
      return isBitcoinAddress(address);
  }
}

/**
 * The one spelling we store of a valid address, so the same destination is recognised
 * whatever case it was typed in: EIP-55 for Ethereum-style, lower case for bech32.
 */
export function canonicalAddress(family: AddressFamily, address: string): string {
  if (family === 'evm') return toChecksumAddress(address.slice(2));
  if (family === 'bitcoin' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}

const base58check = createBase58check(sha256);

/** TRON version byte of main-net account addresses (their base58 form starts with T). */
const TRON_VERSION = 0x41;

/** TRON: base58check of 0x41 + a 20-byte account id (34 characters, `T…`). */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_VERSION;
  } catch {
    return false;
  }
}

/**
 * Ethereum-style (ERC20, BEP20): `0x` + 40 hex digits. All lower or all upper case carries
 * no checksum; mixed case must be the EIP-55 checksum (each letter upper-cased where the
 * keccak-256 of the lower-case address has a nibble ≥ 8).
 */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return address === toChecksumAddress(hex);
}

/** The EIP-55 spelling of 40 hex digits. */
export function toChecksumAddress(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

const bitcoinAddress = Address();

/**
 * Bitcoin main net: legacy base58check (P2PKH `1…`, P2SH `3…`), segwit v0 bech32 (`bc1q…`)
 * and taproot bech32m (`bc1p…`). Unknown witness versions are refused: nobody should be
 * paid to a script type no wallet spends yet.
 */
export function isBitcoinAddress(address: string): boolean {
  if (address.length < 26 || address.length > 90) return false;
  try {
    bitcoinAddress.decode(address);
    return true;
  } catch {
    return false;
  }
}
