// @vitest-environment jsdom
import '@/lib/antd-react19';
import { closeOrderEndpoint, type Endpoint } from '@pipwise/shared';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { btcPosition as position, btcPricing as pricing } from '@/test/order-fixture';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { OrderDetail } from './order-detail';

// A partial close from an open position's detail (docs/money.md "Partial close and close all").
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});

let calls: { endpoint: Endpoint; input: unknown; options: unknown }[];
beforeEach(() => {
  calls = [];
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown, options?: unknown) => {
    calls.push({ endpoint, input, options });
    const { lots: closed } = input as { lots: string };
    return Promise.resolve(
      position({
        Id: 8,
        Status: 3,
        Quantity: Number(closed),
        CloseReason: 'partial',
        SplitFrom: 7,
        UpdatePrice: 87600,
        FactProfits: 7,
      }),
    );
  });
});
afterEach(() => vi.mocked(request).mockReset());

const view = mountRoot();
const i18n = testI18n();
const show = (node: ReactNode) => view.render(withProviders(node, { i18n, queries: testQueryClient() }));
/** The newest element with the test id (a dialog that closed may still be sliding away). */
const $ = (testId: string) =>
  [...document.body.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].at(-1) ?? null;
/** A value's text without the bidi isolates. */
const text = (testId: string) => $(testId)?.textContent?.replace(/[\u2066-\u2069]/g, '') ?? null;
/** antd-mobile's dialogs mount and animate over a few frames. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));
const until = async (check: () => void) => act(() => vi.waitFor(check));
async function tap(element: HTMLElement | null) {
  act(() => element!.click());
  await settle();
}
function type(testId: string, value: string) {
  const input = $(testId) as HTMLInputElement;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** The dialog holding `testId` (one that closed may still be sliding away in the page). */
const dialogOf = (testId: string) => $(testId)?.closest<HTMLElement>('.adm-dialog') ?? null;
const titleOf = (testId: string) => dialogOf(testId)?.querySelector('.adm-dialog-title')?.textContent;
const dialogButton = (label: string, testId: string) =>
  [...(dialogOf(testId)?.querySelectorAll<HTMLElement>('button') ?? [])].find(
    (b) => b.textContent === label,
  ) ?? null;

describe('closing part of a position', () => {
  it('offers one step up to what leaves the minimum open, starting at half, with what it books now', () => {
    show(<OrderDetail order={position()} tab={1} pricing={pricing} onClose={() => {}} />);
    expect(($('part-lots') as HTMLInputElement).value).toBe('0.15');
    expect(text('part-range')).toBe('0.01 to 0.29 of 0.3 lots');
    expect(text('part-price')).toBe('87,600.00');
    // (87,600 − 87,530) × 0.15 = 10.50.
    expect(text('part-estimate')).toBe('+10.50 USD');
    expect(text('part-rest')).toBe('0.15');
    expect(text('close-part-submit')).toBe('Close 0.15 lots');
  });

  it('steps on the lot grid and stops at the range’s ends', async () => {
    show(<OrderDetail order={position({ Quantity: 0.03 })} tab={1} pricing={pricing} onClose={() => {}} />);
    expect(($('part-lots') as HTMLInputElement).value).toBe('0.01');
    expect(($('part-minus') as HTMLButtonElement).disabled).toBe(true);
    await tap($('part-plus'));
    expect(($('part-lots') as HTMLInputElement).value).toBe('0.02');
    expect(($('part-plus') as HTMLButtonElement).disabled).toBe(true);
    expect(text('part-estimate')).toBe('+1.40 USD');
  });

  it('says what it takes when the lots typed cannot close a part, and sends nothing', async () => {
    show(<OrderDetail order={position()} tab={1} pricing={pricing} onClose={() => {}} />);
    // The field takes no more decimals than the step has: 0.015 cannot even be typed.
    type('part-lots', '0.015');
    expect(($('part-lots') as HTMLInputElement).value).toBe('0.01');
    for (const lots of ['0.3', '1', '0', '']) {
      type('part-lots', lots);
      expect(text('part-range')).toBe('Choose 0.01 to 0.29 lots, in steps of 0.01.');
      expect($('part-lots')!.getAttribute('aria-invalid')).toBe('true');
      expect(($('close-part-submit') as HTMLButtonElement).disabled).toBe(true);
    }
    await tap($('close-part-submit'));
    expect(calls).toEqual([]);
  });

  it('is not offered on a position too small to split, nor without its instrument', () => {
    show(<OrderDetail order={position({ Quantity: 0.01 })} tab={1} pricing={pricing} onClose={() => {}} />);
    expect($('close-part')).toBeNull();
    expect($('close-position')).not.toBeNull();
    show(<OrderDetail order={position({ Id: 9 })} tab={1} onClose={() => {}} />);
    expect($('close-part')).toBeNull();
  });

  it('confirms the lots, the price and the money, sends one close for a double tap, then shows what was booked', async () => {
    show(<OrderDetail order={position()} tab={1} pricing={pricing} onClose={() => {}} />);
    type('part-lots', '0.1');
    expect(text('part-estimate')).toBe('+7.00 USD');
    // A double tap: one confirmation.
    act(() => {
      $('close-part-submit')!.click();
      $('close-part-submit')!.click();
    });
    await settle();
    await until(() => expect($('part-confirm')).not.toBeNull());
    expect(document.querySelectorAll('[data-testid="part-confirm"]')).toHaveLength(1);
    expect(titleOf('part-confirm')).toBe('Close part of BTC/USD?');
    expect(text('part-confirm-lots')).toBe('0.1');
    expect(text('part-confirm-price')).toBe('87,600.00');
    expect(text('part-confirm-money')).toBe('+7.00 USD');
    expect(text('part-confirm-rest')).toBe('0.2');
    await tap(dialogButton('Close part', 'part-confirm'));
    await until(() => expect($('part-result')).not.toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.endpoint).toBe(closeOrderEndpoint);
    expect(calls[0]!.input).toEqual({ id: 7, lots: '0.1' });
    expect((calls[0]!.options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(
      /.+/,
    );
    expect(text('part-result-lots')).toBe('0.1');
    expect(text('part-result-price')).toBe('87,600.00');
    expect(text('part-result-money')).toBe('+7.00 USD');
    expect(text('part-result-rest')).toBe('0.2');
    await tap(dialogButton('OK', 'part-result'));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    show(<OrderDetail order={position()} tab={1} pricing={pricing} onClose={() => {}} />);
    await tap($('close-part-submit'));
    await until(() => expect($('part-confirm')).not.toBeNull());
    await tap(dialogButton('Cancel', 'part-confirm'));
    await settle();
    expect(calls).toEqual([]);
  });

  it('names the position a closed part came from, and its reason', () => {
    show(
      <OrderDetail
        order={position({ Id: 8, Status: 3, Quantity: 0.1, CloseReason: 'partial', SplitFrom: 7 })}
        tab={3}
        onClose={() => {}}
      />,
    );
    expect(text('detail-split-from')).toBe('#7');
    expect(text('detail-reason')).toBe('Part closed');
    expect($('close-part')).toBeNull();
  });

  it('keeps a figure and its currency whole in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(<OrderDetail order={position({ Id: 10 })} tab={1} pricing={pricing} onClose={() => {}} />);
    expect($('part-estimate')!.querySelector('bdi')!.textContent).toBe('+10.50 USD');
    expect($('close-part')!.querySelector('h4')!.textContent).toBe('إغلاق جزئي');
    await act(() => i18n.changeLanguage('en'));
  });
});
