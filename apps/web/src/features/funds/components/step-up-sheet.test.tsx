// @vitest-environment jsdom
import en from '@pipwise/locales/en.json';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdsPasskeys, stepUpWithPasskey, stepUpWithPassword } from '../api/step-up';
import { StepUpForm } from './step-up-sheet';

vi.mock('../api/step-up', () => ({
  holdsPasskeys: vi.fn(),
  stepUpWithPasskey: vi.fn(),
  stepUpWithPassword: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.clearAllMocks();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

async function show(onProven = vi.fn(), onClose = vi.fn()) {
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <StepUpForm onProven={onProven} onClose={onClose} />
      </I18nextProvider>,
    );
    // The passkey check (holdsPasskeys) answers before the form is looked at.
    await Promise.resolve();
  });
  return { onProven, onClose };
}
const $ = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
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
    expect(container.textContent).toContain("Confirm it's you");
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
    expect(container.textContent).toContain('or with your password');
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
