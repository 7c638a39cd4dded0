// @vitest-environment jsdom
import en from '@pipwise/locales/en.json';
import { marginLevelsEndpoint, setMarginLevelsEndpoint, type Endpoint } from '@pipwise/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { MarginLevelsForm } from './margin-levels-form';

// The server, as the app's one way of calling it.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

let held: number[];
const saves: unknown[][] = [];
// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  vi.mocked(request).mockReset();
});
const view = mountRoot();
beforeEach(() => {
  held = [200, 150, 100];
  saves.length = 0;
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown, options?: unknown) => {
    if (endpoint === marginLevelsEndpoint) return Promise.resolve({ levels: held });
    if (endpoint === setMarginLevelsEndpoint) {
      saves.push([input, options]);
      const text = (input as { levels: string }).levels;
      held = text === '' ? [] : text.split(',').map(Number);
      return Promise.resolve({ levels: held });
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
  view.render(withProviders(<MarginLevelsForm />, { i18n, queries: testQueryClient() }));
});

async function until(check: () => void): Promise<void> {
  for (let round = 0; ; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      return check();
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

const input = () => view.$<HTMLInputElement>('margin-levels-input')!;
const saveButton = () => view.$<HTMLButtonElement>('margin-levels-save')!;

/** Types `text` as a person does (React listens to the input event). */
function type(text: string) {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  act(() => {
    // React watches the element's own value setter: the prototype's sets it underneath.
    descriptor?.set?.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the margin warning levels form', () => {
  it('is prefilled with the held levels, and Save waits for a change', async () => {
    await until(() => expect(input().value).toBe('200, 150, 100'));
    expect(input().inputMode).toBe('decimal');
    expect(saveButton().disabled).toBe(true);
    expect(view.container.textContent).toContain(en.inbox.margin_levels_hint);
  });

  it('keeps digits and commas as typed, saves them without spaces, the server’s message toasted', async () => {
    await until(() => expect(input().value).toBe('200, 150, 100'));
    type('120x, 300.');
    expect(input().value).toBe('120, 300,');
    expect(saveButton().disabled).toBe(false);
    act(() => saveButton().click());
    await until(() => expect(saves).toEqual([[{ levels: '300,120' }, { toastSuccess: true }]]));
    // What the server answered is what the field shows.
    await until(() => expect(input().value).toBe('300, 120'));
    expect(saveButton().disabled).toBe(true);
  });

  it('an empty field saves "no warnings"', async () => {
    await until(() => expect(input().value).toBe('200, 150, 100'));
    type('');
    act(() => saveButton().click());
    await until(() => expect(saves).toEqual([[{ levels: '' }, { toastSuccess: true }]]));
    await until(() => expect(input().value).toBe(''));
  });

  it('says what is wrong with levels the server would refuse, and does not send them', async () => {
    await until(() => expect(input().value).toBe('200, 150, 100'));
    type('600,500,400,300,200,100');
    expect(view.$('margin-levels-error')?.textContent).toBe(en.inbox.levels_invalid);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    type('0');
    expect(saveButton().disabled).toBe(true);
    expect(saves).toEqual([]);
  });
});
