import { describe, expect, it } from 'vitest';
import {
  isDecimal,
  isHttpUrlOrEmpty,
  isImageAddressOrEmpty,
  isMultipleOf,
  leverageListProblem,
} from './validate';

describe('back-office form checks', () => {
  it('decimals: plain digits with a bounded number of places', () => {
    expect(isDecimal('0.01', 4)).toBe(true);
    expect(isDecimal('100', 2)).toBe(true);
    expect(isDecimal('0.00001', 4)).toBe(false);
    expect(isDecimal('1e3', 4)).toBe(false);
    expect(isDecimal('-1', 4)).toBe(false);
    expect(isDecimal('01', 4)).toBe(false);
    expect(isDecimal(' 1', 4)).toBe(false);
  });

  it('leverage lists as the server takes them', () => {
    expect(leverageListProblem('1,10, 50 ,100')).toBeNull();
    expect(leverageListProblem('1;10')).toBe('format');
    expect(leverageListProblem('')).toBe('format');
    expect(leverageListProblem('0,10')).toBe('range');
    expect(leverageListProblem('10001')).toBe('range');
    expect(leverageListProblem('10,10')).toBe('duplicate');
  });

  it('minimum lots must be a whole number of lot steps, without float error', () => {
    expect(isMultipleOf('0.03', '0.01')).toBe(true);
    expect(isMultipleOf('0.3', '0.1')).toBe(true);
    expect(isMultipleOf('0.05', '0.02')).toBe(false);
    expect(isMultipleOf('1', '0.0001')).toBe(true);
    expect(isMultipleOf('1', '0')).toBe(false);
  });

  it('addresses', () => {
    expect(isHttpUrlOrEmpty('')).toBe(true);
    expect(isHttpUrlOrEmpty('https://help.example/chat')).toBe(true);
    expect(isHttpUrlOrEmpty('javascript:alert(1)')).toBe(false);
    expect(isHttpUrlOrEmpty('help.example')).toBe(false);
    expect(isImageAddressOrEmpty('/static/news/a.png')).toBe(true);
    expect(isImageAddressOrEmpty('/static/../x')).toBe(false);
    expect(isImageAddressOrEmpty('http://cdn.example/a.png')).toBe(false);
    expect(isImageAddressOrEmpty('https://cdn.example/a.png')).toBe(true);
  });
});
