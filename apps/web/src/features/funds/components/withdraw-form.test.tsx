// @vitest-environment jsdom
import {
  bindDrawMethodEndpoint,
  drawEndpoint,
  drawSymbolListEndpoint,
  getDrawMethodEndpoint,
  type DrawCurrency,
  type DrawMethod,
  type Endpoint,
} from '@pipwise/shared';
import { ApiError } from '@pipwise/client';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { useBindReturn } from '../hooks/use-bind-return';
import { BindMethodForm } from './bind-method-form';
import { WithdrawForm } from './withdraw-form';

// The server, as the app's one way of calling it; what can be withdrawn, without the socket.
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});
vi.mock('../hooks/use-live-withdrawable', () => ({ useLiveWithdrawable: () => 1000 }));

const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const currency = (id: number, protocol: string, over: Partial<DrawCurrency> = {}): DrawCurrency => ({
  id,
  type: 1,
  code: 'USDT',
  protocol,
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  minimum: '10',
  has_channel: true,
  ...over,
});
/** TRC20: a 0.25 % fee, so the fee has more decimals than the cent. ERC20: 1 USD fixed. */
const TRC20 = currency(1, 'TRC20', { draw_rate: '0.0025', fee_type: 2 });
const ERC20 = currency(2, 'ERC20');

const address = (id: number, of: DrawCurrency, dc_address: string): DrawMethod => ({
  id,
  type: 1,
  dc_address,
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  draw_currency: { id: of.id, code: of.code, protocol: of.protocol },
});

/**
 * The trader's bound addresses. A new one is listed last here (the server lists newest
 * first): only the choice the form comes back with can make it the one paid to.
 */
let methods: DrawMethod[];
let draws: unknown[];

beforeEach(() => {
  methods = [address(5, TRC20, TRC20_ADDRESS)];
  draws = [];
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    const body = input as Record<string, unknown>;
    if (endpoint === drawSymbolListEndpoint) return Promise.resolve(body.type === 1 ? [TRC20, ERC20] : []);
    if (endpoint === getDrawMethodEndpoint) {
      return Promise.resolve(methods.filter((m) => m.draw_currency.id === body.draw_id));
    }
    if (endpoint === bindDrawMethodEndpoint) {
      const bound = address(9, body.draw_id === ERC20.id ? ERC20 : TRC20, String(body.dc_address));
      methods = [...methods, bound];
      return Promise.resolve(bound);
    }
    if (endpoint === drawEndpoint) {
      draws.push(input);
      return Promise.resolve({ id: 1, real_number: '49.97', fee: 0.12525 });
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});
afterEach(() => vi.mocked(request).mockReset());

const view = mountRoot();
const i18n = testI18n();

/** Where the router is, for the test to read. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** /mine/withdraw-way as the app's page puts it together (app/routes/withdraw-way.tsx). */
function AddAddressPage() {
  const { currencyId, done } = useBindReturn(1);
  return <BindMethodForm type={1} initialCurrencyId={currencyId} onDone={done} />;
}

function open(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/mine/withdraw', element: <WithdrawForm onSubmitted={() => {}} /> },
      { path: '/mine/withdraw-way', element: <AddAddressPage /> },
      { path: '/mine/coin-address-list', element: <p data-testid="address-list" /> },
      { path: '/user', element: <p data-testid="mine" /> },
    ].map((route) => ({
      ...route,
      element: (
        <>
          {route.element}
          <Where />
        </>
      ),
    })),
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  view.render(withProviders(<RouterProvider router={router} />, { i18n, queries: testQueryClient() }));
  return router;
}

const $ = (testId: string) => document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const where = () => $('where')?.textContent;
/** Waits for the page to settle: the calls answered and the screen drawn again. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
async function until(check: () => void) {
  await act(() => vi.waitFor(check));
}
function chip(testId: string, value: string | number) {
  return document.body.querySelector<HTMLElement>(`[data-testid="${testId}"][data-value="${value}"]`)!;
}
async function tap(element: HTMLElement | null) {
  act(() => element!.click());
  await settle();
}
function type(testId: string, text: string) {
  const input = $(testId) as HTMLInputElement | HTMLTextAreaElement;
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  act(() => {
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('adding a crypto address from the withdraw form (issue 22)', () => {
  it('opens the address form at once, and comes back to the form with the new address chosen', async () => {
    const router = open(['/user', '/mine/withdraw']);
    await until(() => expect(chip('withdraw-currency', ERC20.id)).not.toBeNull());
    // ERC20 has no address yet: the trader adds one from the form.
    await tap(chip('withdraw-currency', ERC20.id));
    await until(() => expect($('no-method')).not.toBeNull());
    await tap($('no-method'));

    // Straight to the address form — no "set up a payment account first" in between —
    // on the currency the withdraw form was on.
    expect($('no-method-dialog')).toBeNull();
    expect(where()).toBe('/mine/withdraw-way?type=1');
    await until(() => expect(chip('bind-currency', ERC20.id).getAttribute('aria-checked')).toBe('true'));

    type('bind-dc_address', ERC20_ADDRESS);
    await tap($('bind-submit'));
    await until(() => expect(where()).toBe('/mine/withdraw'));

    // Back on the withdraw form: ERC20, with the new address the account to pay to.
    await until(() => expect($('withdraw-method')?.getAttribute('data-id')).toBe('9'));
    expect(chip('withdraw-currency', ERC20.id).getAttribute('aria-checked')).toBe('true');
    expect($('withdraw-method')!.getAttribute('aria-checked')).toBe('true');
    // The address form's entry became the withdraw form's: back leaves as it did before.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('chooses the new address over the ones the currency already had', async () => {
    open(['/mine/withdraw']);
    await until(() => expect($('withdraw-method')?.getAttribute('aria-checked')).toBe('true'));
    await tap($('add-method'));
    expect(where()).toBe('/mine/withdraw-way?type=1');
    await until(() => expect(chip('bind-currency', TRC20.id).getAttribute('aria-checked')).toBe('true'));
    type('bind-dc_address', 'TNewAddressOnTron00000000000000001');
    await tap($('bind-submit'));
    await until(() => expect(where()).toBe('/mine/withdraw'));
    await until(() => {
      const chosen = document.body.querySelector('[data-testid="withdraw-method"][aria-checked="true"]');
      expect(chosen?.getAttribute('data-id')).toBe('9');
    });
    expect(document.body.querySelectorAll('[data-testid="withdraw-method"]')).toHaveLength(2);
  });

  it('returns to the list of addresses when the form was opened from nowhere in particular', async () => {
    open(['/mine/withdraw-way?type=1']);
    await until(() => expect($('bind-dc_address')).not.toBeNull());
    type('bind-dc_address', TRC20_ADDRESS);
    await tap($('bind-submit'));
    await until(() => expect(where()).toBe('/mine/coin-address-list'));
  });
});

describe('confirming a withdrawal before it is requested (issue 22)', () => {
  async function fillIn(amount: string) {
    open(['/mine/withdraw']);
    await until(() => expect($('withdraw-method')?.getAttribute('aria-checked')).toBe('true'));
    type('withdraw-amount', amount);
  }

  it('shows the amount, the exact fee, what arrives and where, and sends nothing until Confirm', async () => {
    await fillIn('50.10');
    await tap($('withdraw-submit'));

    const sheet = $('withdraw-confirm')!;
    expect(sheet).not.toBeNull();
    expect($('confirm-amount')!.textContent).toBe('50.10 USD');
    // 50.10 × 0.25 % = 0.12525 USD, every decimal the fee has; (50.10 − 0.12525) × 1 → 49.97.
    expect($('confirm-fee')!.textContent).toBe('0.12525 USD');
    expect($('confirm-arrival')!.textContent).toBe('49.97 USDT');
    expect($('confirm-to')!.textContent).toBe('USDT · TRC20TR7NHqje…gjLj6t');
    expect(draws).toEqual([]);

    await tap($('withdraw-confirm-ok'));
    await until(() => expect(draws).toHaveLength(1));
    expect(draws[0]).toEqual({
      draw_currency_id: TRC20.id,
      draw_method_id: 5,
      number: '50.1',
      memo: undefined,
    });
  });

  it('asks the trader to confirm it is them only after Confirm, when the server wants it', async () => {
    const answer = vi.mocked(request).getMockImplementation()!;
    vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown, options?: unknown) => {
      if (endpoint !== drawEndpoint) return answer(endpoint, input, options as never);
      draws.push(input);
      return Promise.reject(
        new ApiError('business', "Confirm it's you to withdraw", 2000, 200, { step_up_required: true }),
      );
    });
    await fillIn('20');
    await tap($('withdraw-submit'));
    expect($('step-up-sheet')).toBeNull();
    await tap($('withdraw-confirm-ok'));
    await until(() => expect($('step-up-sheet')).not.toBeNull());
    expect(draws).toHaveLength(1);
  });

  it('sends nothing when the trader cancels', async () => {
    await fillIn('20');
    await tap($('withdraw-submit'));
    expect($('confirm-fee')!.textContent).toBe('0.05 USD');
    await tap($('withdraw-confirm-cancel'));
    await settle();
    expect(draws).toEqual([]);
    expect(vi.mocked(request).mock.calls.some(([endpoint]) => endpoint === drawEndpoint)).toBe(false);
  });

  it('asks nothing while the amount is not one that can be sent', async () => {
    await fillIn('5');
    await tap($('withdraw-submit'));
    expect($('withdraw-confirm')).toBeNull();
    expect(draws).toEqual([]);
  });
});
