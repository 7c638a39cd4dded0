// @vitest-environment jsdom
import { adminApproveWithdrawalEndpoint, WithdrawStatus, type AdminWithdrawal } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { i18n } from '@/test/english';
import { WithdrawalReview } from './withdrawal-review';
import { pendingCoinWithdrawal } from './withdrawal.fixture';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Props {
  children?: ReactNode;
  [prop: string]: unknown;
}

/**
 * antd as plain elements (test/antd-stub.tsx), with what the payout reference's dialog
 * adds: the dialog (its title, content and OK button while open), a text field, a paragraph
 * and a text that may be copyable.
 */
vi.mock('antd', async () => {
  const { antdStub } = await import('@/test/antd-stub');
  const testId = (p: Props) => p['data-testid'] as string | undefined;
  return {
    ...antdStub,
    Modal: ({ open, title, children, okText, onOk, okButtonProps }: Props) =>
      open ? (
        <div role="dialog" data-title={title as string}>
          {children}
          <button data-testid={testId((okButtonProps ?? {}) as Props)} onClick={onOk as () => void}>
            {okText as string}
          </button>
        </div>
      ) : null,
    Input: Object.assign(
      ({ value, onChange, ...p }: Props) => (
        <input
          data-testid={testId(p)}
          aria-invalid={p['aria-invalid'] as boolean | undefined}
          value={value as string}
          onChange={onChange as () => void}
        />
      ),
      antdStub.Input,
    ),
    Typography: {
      ...antdStub.Typography,
      Paragraph: ({ children }: Props) => <p>{children}</p>,
      Text: ({ children, copyable, ...p }: Props) => (
        <span data-testid={testId(p)} data-copyable={copyable ? 'yes' : undefined} role={p.role as string}>
          {children}
        </span>
      ),
    },
  };
});
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));
vi.mock('@/components/reason-modal', () => ({ ReasonModal: () => null }));

const withdrawal = pendingCoinWithdrawal();

let root: Root;
let host: HTMLElement;
const sent = vi.mocked(request);

function open(row: AdminWithdrawal, onClose = vi.fn()) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <WithdrawalReview item={row} onClose={onClose} />
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
  return onClose;
}
const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = async (id: string) => {
  await act(async () => {
    byTestId(id)!.click();
    await Promise.resolve();
  });
};
/** Types into the reference field as an operator would: React hears the input event. */
const type = (text: string) =>
  act(() => {
    const input = byTestId('withdrawal-approve-input') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  sent.mockReset();
  sent.mockResolvedValue({ id: 58 });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('marking a withdrawal paid', () => {
  it('asks for the payout reference under the question, and sends nothing without one', async () => {
    open(withdrawal);
    expect(byTestId('withdrawal-approve-input')).toBeNull();
    await click('withdrawal-approve');
    const dialog = host.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.dataset.title).toBe('Mark as paid');
    expect(dialog.textContent).toContain(
      "Have you paid 98.50 USDT? The held amount leaves the trader's balance.",
    );
    expect(dialog.textContent).toContain('Payout reference');
    expect(dialog.textContent).toContain('The trader sees it with the withdrawal.');

    await click('withdrawal-approve-confirm');
    expect(sent).not.toHaveBeenCalled();
    expect(byTestId('withdrawal-approve-problem')!.textContent).toBe('Required');

    type('WIRE\u00072026');
    expect(byTestId('withdrawal-approve-problem')!.textContent).toBe(
      'Use 1 to 128 printable characters, without line breaks or control characters.',
    );
    await click('withdrawal-approve-confirm');
    expect(sent).not.toHaveBeenCalled();
  });

  it('pays once with the reference trimmed, however often OK is pressed', async () => {
    const onClose = open(withdrawal);
    await click('withdrawal-approve');
    type('  0x9f2c7d41aa  ');
    expect(byTestId('withdrawal-approve-problem')).toBeNull();
    // A double click: both reach OK before the dialog can close; the second finds the gate shut.
    await act(async () => {
      const ok = byTestId('withdrawal-approve-confirm')!;
      ok.click();
      ok.click();
      await Promise.resolve();
    });
    expect(sent).toHaveBeenCalledTimes(1);
    const [endpoint, input, options] = sent.mock.calls[0]!;
    expect(endpoint).toBe(adminApproveWithdrawalEndpoint);
    expect(input).toEqual({ id: 58, payout_reference: '0x9f2c7d41aa' });
    expect(options).toMatchObject({ headers: { 'Idempotency-Key': expect.any(String) } });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a paid withdrawal’s reference, to copy, and offers no decision', () => {
    open({
      ...withdrawal,
      status: WithdrawStatus.Paid,
      payout_reference: 'FT24117-0009',
      reviewed_by: 3,
      reviewed_at: 1_760_000_360_000,
    });
    expect(byTestId('withdrawal-approve')).toBeNull();
    const reference = byTestId('withdrawal-reference')!;
    expect(reference.textContent).toBe('FT24117-0009');
    expect(reference.dataset.copyable).toBe('yes');
    expect([...host.querySelectorAll('dt')].map((dt) => dt.textContent)).toContain('Payout reference');
  });

  it('leaves the reference out while there is none', () => {
    open(withdrawal);
    expect(byTestId('withdrawal-reference')).toBeNull();
    expect([...host.querySelectorAll('dt')].map((dt) => dt.textContent)).not.toContain('Payout reference');
  });
});
