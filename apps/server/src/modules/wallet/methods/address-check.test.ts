import { describe, expect, it } from 'vitest';
import {
  addressFamily,
  canonicalAddress,
  isBitcoinAddress,
  isEvmAddress,
  isTronAddress,
  isValidAddress,
  toChecksumAddress,
} from './address-check.js';

describe('TRON (TRC20) addresses', () => {
  it('accepts real main-net addresses', () => {
    // The USDT TRC20 contract, and the TRON "black hole" address.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
  });

  it('refuses a changed character, a wrong version byte, wrong lengths and look-alikes', () => {
    // One character changed: the checksum no longer matches.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt')).toBe(false);
    // A valid base58check Bitcoin address is not a TRON one (version 0x00).
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    // 0 and O are not base58 characters.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
    expect(isTronAddress(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });
});

describe('Ethereum-style (ERC20) addresses', () => {
  it('accepts the EIP-55 examples', () => {
    for (const address of [
      // All caps
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      // All lower
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      // Normal (mixed case, checksummed)
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(isEvmAddress(address), address).toBe(true);
    }
  });

  it('computes the EIP-55 spelling from any case', () => {
    expect(toChecksumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });

  it('refuses a mixed-case address whose checksum is wrong, and malformed ones', () => {
    // The first EIP-55 example with one letter's case flipped.
    expect(isEvmAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isEvmAddress('0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(false);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd')).toBe(false);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg')).toBe(false);
  });
});

describe('Bitcoin addresses', () => {
  it('accepts the BIP-173 and BIP-350 main-net examples and legacy base58check', () => {
    for (const address of [
      // BIP-173: P2WPKH (upper case is allowed as a whole) and P2WSH
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
      // BIP-350: taproot (witness v1, bech32m)
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      // Legacy P2PKH and P2SH
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(true);
    }
  });

  it('refuses bad checksums, mixed case, test-net, the wrong checksum kind and unknown versions', () => {
    for (const address of [
      // One character changed
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
      // Mixed case (BIP-173 invalid)
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4',
      // Test-net (BIP-173 valid, but not main net)
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      // BIP-350 invalid: a v0 program with a bech32m checksum; a v1 program with bech32
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
      // BIP-350 invalid: witness version 17
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
      // An Ethereum or TRON address
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      '',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(false);
    }
  });
});

describe('the network of a currency', () => {
  it('maps protocols to address families, case-insensitively, and knows no others', () => {
    expect(addressFamily('TRC20')).toBe('tron');
    expect(addressFamily('erc20')).toBe('evm');
    expect(addressFamily(' BTC ')).toBe('bitcoin');
    expect(addressFamily('SOL')).toBeUndefined();
    expect(addressFamily('')).toBeUndefined();
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidAddress('evm', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });
});

describe('the stored spelling of an address', () => {
  it('is EIP-55 for Ethereum-style, lower case for bech32, unchanged otherwise', () => {
    expect(canonicalAddress('evm', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(canonicalAddress('evm', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(canonicalAddress('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(canonicalAddress('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    );
    expect(canonicalAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });
});
