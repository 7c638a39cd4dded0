// @vitest-environment jsdom
import '@/lib/antd-react19';
import {
  closeAllEndpoint,
  closeOrderEndpoint,
  myDealEndpoint,
  type Endpoint,
  type Order,
} from '@pipwise/shared';
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { btcPosition as position, btcPricing as pricing } from '@/test/order-fixture';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { CloseAll } from './close-all';
import { OrderDetail } from './order-detail';

// The orders' popups are named modal dialogs that keep the focus and give it back
// (docs/accessibility.md "Dialogs"): the detail sheet, close all's sheet and the results.
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});

beforeEach(() => {
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === myDealEndpoint)
      return Promise.resolve({ data: [position()], total: 1, all_fact_profits: 21, balance: 1000 });
    if (endpoint === closeAllEndpoint)
      return Promise.resolve({ closed: [position({ Status: 3 })], total_profit: '21', kept: [] });
    if (endpoint === closeOrderEndpoint) {
      const { lots: closed } = input as { lots: string };
      return Promise.resolve(position({ Id: 8, Status: 3, Quantity: Number(closed), SplitFrom: 7 }));
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});
afterEach(() => vi.mocked(request).mockReset());

const view = mountRoot();
const i18n = testI18n();
const show = (node: React.ReactNode) =>
  view.render(withProviders(node, { i18n, queries: testQueryClient() }));
/** The newest element with the test id (a popup that closed may still be sliding away). */
const $ = (testId: string) =>
  [...document.body.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].at(-1) ?? null;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));
/** Long enough for a centred dialog to slide away and unmount. */
const slideAway = () => act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
const until = async (check: () => void) => act(() => vi.waitFor(check));
async function tap(element: HTMLElement | null) {
  act(() => element!.click());
  await settle();
}
const escape = (from: Element) =>
  act(() => {
    from.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });
/** The name of a dialog: its aria-label, or the text of what its aria-labelledby points at. */
function nameOf(dialog: Element | null | undefined): string | null {
  if (!dialog) return null;
  const by = dialog.getAttribute('aria-labelledby');
  if (by) return document.getElementById(by)?.textContent ?? null;
  return dialog.getAttribute('aria-label');
}
/** The modal dialog around the element of `testId`. */
const dialogAround = (testId: string) =>
  $(testId)?.closest<HTMLElement>('[role="dialog"],[role="alertdialog"]');

/** A list with a button that opens a position's detail, as the orders page does. */
function Page() {
  const [open, setOpen] = useState<Order | undefined>(undefined);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(position())}>
        BTC/USD
      </button>
      <OrderDetail order={open} tab={1} pricing={pricing} onClose={() => setOpen(undefined)} />
    </>
  );
}

describe('an order’s detail sheet', () => {
  async function openDetail() {
    show(<Page />);
    const opener = $('opener')!;
    opener.focus();
    await tap(opener);
    return opener;
  }

  it('is a modal dialog named by the instrument, with a close button named Close', async () => {
    await openDetail();
    const sheet = dialogAround('order-detail');
    expect(sheet?.getAttribute('role')).toBe('dialog');
    expect(sheet?.getAttribute('aria-modal')).toBe('true');
    expect(nameOf(sheet)).toMatch(/^BTC\/USD/);
    const close = $('order-detail-close')!;
    expect(close.getAttribute('aria-label')).toBe('Close');
    expect(sheet?.contains(document.activeElement)).toBe(true);
    await act(() => i18n.changeLanguage('hk'));
    expect(close.getAttribute('aria-label')).toBe('關閉');
    await act(() => i18n.changeLanguage('en'));
  });

  it('gives focus back to what opened it when closed, by its button or Escape', async () => {
    const opener = await openDetail();
    await tap($('order-detail-close'));
    expect(document.activeElement).toBe(opener);
    await tap(opener);
    escape($('order-detail')!);
    expect(document.activeElement).toBe(opener);
  });
});

describe('close all’s popups', () => {
  it('offers its choices in a modal dialog named by its question, giving focus back on Escape', async () => {
    show(<CloseAll />);
    await until(() => expect($('close-all-open')).not.toBeNull());
    const opener = $('close-all-open')!;
    opener.focus();
    await tap(opener);
    const sheet = dialogAround('close-all-sheet');
    expect(sheet?.getAttribute('aria-modal')).toBe('true');
    expect(nameOf(sheet)).toBe('Which positions do you want to close?');
    expect(sheet?.contains(document.activeElement)).toBe(true);
    escape($('close-all-sheet')!);
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('tells the result in an alert dialog named by its title, focus on OK', async () => {
    show(<CloseAll />);
    await until(() => expect($('close-all-open')).not.toBeNull());
    await tap($('close-all-open'));
    await tap($('close-all-choice-all'));
    await until(() => expect($('close-all-confirm')).not.toBeNull());
    const confirm = dialogAround('close-all-confirm')!;
    await tap([...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Close all')!);
    await until(() => expect($('close-all-result')).not.toBeNull());
    await settle();
    const result = dialogAround('close-all-result')!;
    expect(result.getAttribute('role')).toBe('alertdialog');
    expect(result.getAttribute('aria-modal')).toBe('true');
    expect(nameOf(result)).toBe('Positions closed');
    expect(document.activeElement?.textContent).toBe('OK');
    expect(result.contains(document.activeElement)).toBe(true);
    await tap(document.activeElement as HTMLElement);
    await slideAway();
    expect($('close-all-result')).toBeNull();
  });
});

describe('close part’s result', () => {
  it('is an alert dialog named by its title, focus on OK, then back in the detail sheet', async () => {
    show(<OrderDetail order={position()} tab={1} pricing={pricing} onClose={() => {}} />);
    const submit = $('close-part-submit')!;
    submit.focus();
    await tap(submit);
    await until(() => expect($('part-confirm')).not.toBeNull());
    const confirm = dialogAround('part-confirm')!;
    await tap([...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Close part')!);
    await until(() => expect($('part-result')).not.toBeNull());
    await settle();
    const result = dialogAround('part-result')!;
    expect(result.getAttribute('role')).toBe('alertdialog');
    expect(result.getAttribute('aria-modal')).toBe('true');
    expect(nameOf(result)).toBe('Part closed');
    expect(document.activeElement?.textContent).toBe('OK');
    await tap(document.activeElement as HTMLElement);
    await slideAway();
    expect($('part-result')).toBeNull();
    // Not lost on the page behind: in the detail sheet the trader is still on.
    expect(dialogAround('order-detail')!.contains(document.activeElement)).toBe(true);
  });
});
