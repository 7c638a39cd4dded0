import type { DrawMethod } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { bindOpeningState, boundMethodState, readBindOpening, readBoundMethod } from './bind-return';

const method = { id: 9, type: 2, draw_currency: { id: 4, code: 'EUR', protocol: '' } } as DrawMethod;

describe('the route state between the withdraw form and the add-account form', () => {
  it('reads back what was written', () => {
    const opening = { back: '/mine/withdraw', currencyId: 3 };
    expect(readBindOpening(bindOpeningState(opening))).toEqual(opening);
    expect(readBoundMethod(boundMethodState(method))).toEqual({ type: 2, currencyId: 4, methodId: 9 });
  });

  it('ignores a missing or malformed state, and a way back out of the app', () => {
    for (const state of [null, undefined, 'x', {}, { bindOpening: { back: 7 } }]) {
      expect(readBindOpening(state)).toBeNull();
    }
    for (const back of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'mine/withdraw']) {
      expect(readBindOpening({ bindOpening: { back } }), back).toBeNull();
    }
    expect(readBindOpening({ bindOpening: { back: '/mine/wallet', currencyId: '3' } })).toEqual({
      back: '/mine/wallet',
      currencyId: undefined,
    });
    for (const state of [null, {}, { boundMethod: { type: 3, currencyId: 1, methodId: 1 } }]) {
      expect(readBoundMethod(state)).toBeNull();
    }
  });
});
