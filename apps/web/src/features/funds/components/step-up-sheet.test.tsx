// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { holdsPasskeys, stepUpWithPasskey, stepUpWithPassword } from '../api/step-up';
import { StepUpForm } from './step-up-sheet';

vi.mock('../api/step-up', () => ({
  holdsPasskeys: vi.fn(),
  stepUpWithPasskey: vi.fn(),
  stepUpWithPassword: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

const i18n = testI18n();

// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});
const view = mountRoot();
beforeEach(() => {
  vi.clearAllMocks();
});

async function show(onProven = vi.fn(), onClose = vi.fn()) {
  await act(async () => {
    view.render(withProviders(<StepUpForm onProven={onProven} onClose={onClose} />, { i18n }));
    // The passkey check (holdsPasskeys) answers before the form is looked at.
    await Promise.resolve();
  });
  return { onProven, onClose };
}
const $ = (id: string) => view.$(id);
/** Taps a button; the returned promise lets the step-up it starts settle inside act(). */
async function click(id: string) {
  $(id)!.click();
  await Promise.resolve();
}
function type(value: string) {
  const input = $('step-up-password') as HTMLInputElement;
  const describe = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  act(() => {
    describe.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the step-up sheet', () => {
  it('confirms with the password and tells the withdrawal to go on', async () => {
    vi.mocked(stepUpWithPassword).mockResolvedValue({ verified_until: 1 });
    const { onProven } = await show();
    expect(view.container.textContent).toContain("Confirm it's you");
    expect($('step-up-passkey')).toBeNull();
    expect(($('step-up-confirm') as HTMLButtonElement).disabled).toBe(true);
    type('my password');
    await act(() => click('step-up-confirm'));
    expect(stepUpWithPassword).toHaveBeenCalledWith('my password');
    expect(onProven).toHaveBeenCalledTimes(1);
  });

  it('does not go on when the password is refused', async () => {
    vi.mocked(stepUpWithPassword).mockRejectedValue(new Error('refused'));
    const { onProven } = await show();
    type('wrong');
    await act(() => click('step-up-confirm'));
    expect(onProven).not.toHaveBeenCalled();
  });

  it('offers a passkey where the trader holds one and the browser can use it', async () => {
    (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
    vi.mocked(holdsPasskeys).mockResolvedValue(true);
    vi.mocked(stepUpWithPasskey).mockResolvedValue({ verified_until: 1 });
    const { onProven } = await show();
    expect(view.container.textContent).toContain('or with your password');
    await act(() => click('step-up-passkey'));
    expect(stepUpWithPasskey).toHaveBeenCalledTimes(1);
    expect(onProven).toHaveBeenCalledTimes(1);
  });

  it('offers no passkey to a trader without one', async () => {
    (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
    vi.mocked(holdsPasskeys).mockResolvedValue(false);
    await show();
    expect(holdsPasskeys).toHaveBeenCalled();
    expect($('step-up-passkey')).toBeNull();
  });
});
