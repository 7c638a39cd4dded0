import type { MsgView } from 'jspurefix';
import { describe, expect, it } from 'vitest';
import { readExecutionReport } from './execution-report.js';

/** A report as its raw fields: the reader takes every field from its text, as the engine hands it. */
const report = (fields: Record<number, string | undefined>) =>
  readExecutionReport({ getString: (tag: number) => fields[tag] } as unknown as MsgView);

describe('readExecutionReport', () => {
  it('reads a fill, a partial fill whose rest was cancelled, a reject and a cancel with nothing filled', () => {
    expect(report({ 11: 'PWK1', 39: '2', 14: '10000', 6: '1.15812', 37: 'LP7' })).toEqual({
      clOrdId: 'PWK1',
      outcome: { kind: 'filled', quantity: '10000', avgPrice: '1.15812', providerOrderId: 'LP7' },
    });
    expect(report({ 11: 'PWK1', 39: '4', 14: '5000', 6: '1.15812', 37: 'LP7' })?.outcome).toMatchObject({
      kind: 'filled',
      quantity: '5000',
    });
    expect(report({ 11: 'PWK1', 39: '8', 14: '0', 103: '5', 58: 'unknown order' })?.outcome).toEqual({
      kind: 'rejected',
      reason: 'unknown order (5): unknown order',
    });
    expect(report({ 11: 'PWK1', 39: '4', 14: '0', 58: 'price moved beyond the limit' })?.outcome).toEqual({
      kind: 'cancelled',
      reason: 'price moved beyond the limit',
    });
  });

  it('waits on a working order and never books garbage', () => {
    expect(report({ 11: 'PWK1', 39: '1', 14: '5000', 6: '1.1' })).toEqual({ clOrdId: 'PWK1' });
    expect(report({ 11: 'PWK1', 39: '0' })).toEqual({ clOrdId: 'PWK1' });
    for (const bad of [
      { 14: 'abc' },
      { 14: '-1' },
      { 14: '1e3' },
      { 14: '100', 6: '0' },
      { 14: '100', 6: 'NaN' },
      { 14: '100' },
    ])
      expect(report({ 11: 'PWK1', 39: '2', ...bad })?.outcome?.kind).toBe('unknown');
    expect(report({ 11: 'has space', 39: '2', 14: '1', 6: '1' })).toBeUndefined();
    expect(report({ 39: '2', 14: '1', 6: '1' })).toBeUndefined();
  });
});
