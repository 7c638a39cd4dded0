// @vitest-environment jsdom
import en from '@pipwise/locales/en.json';
import { favouritesEndpoint, setFavouriteEndpoint, type Endpoint } from '@pipwise/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { boardPairs } from './board-filter';
import { FavouriteStar } from './favourite-star';

// The server, as the app's one way of calling it.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const BTC = 26;
const i18n = testI18n();

let held: number[];
let refuse: boolean;
/** Holds the server's answers to a star until released (the trader sees the tap at once). */
let answer: Promise<void>;
const sets: unknown[] = [];
afterEach(() => {
  vi.mocked(request).mockReset();
});
const view = mountRoot();
beforeEach(() => {
  held = [1];
  refuse = false;
  answer = Promise.resolve();
  sets.length = 0;
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === favouritesEndpoint) return Promise.resolve({ ids: held });
    if (endpoint === setFavouriteEndpoint) {
      sets.push(input);
      if (refuse) return answer.then(() => Promise.reject(new Error('refused')));
      const { forex_id, favourite } = input as { forex_id: number; favourite: 0 | 1 };
      held =
        favourite === 1
          ? [...held.filter((x) => x !== forex_id), forex_id]
          : held.filter((x) => x !== forex_id);
      const ids = held;
      return answer.then(() => ({ ids }));
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});

async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

const star = () => view.$<HTMLButtonElement>('favourite-star')!;

function show(loggedIn: boolean, onLogin = vi.fn()) {
  view.render(
    withProviders(<FavouriteStar forexId={BTC} loggedIn={loggedIn} onLogin={onLogin} />, {
      i18n,
      queries: testQueryClient(),
    }),
  );
  return onLogin;
}

describe('the favourite star', () => {
  it('asks a guest to sign in, and calls nothing', async () => {
    const onLogin = show(false);
    await settle();
    act(() => star().click());
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(request).not.toHaveBeenCalled();
    expect(star().getAttribute('aria-label')).toBe(en.trading.favourite_add);
  });

  it('stars and unstars the pair, turning at the tap', async () => {
    show(true);
    await settle();
    expect(star().getAttribute('aria-pressed')).toBe('false');
    let release = () => undefined as void;
    answer = new Promise((resolve) => (release = resolve));
    act(() => star().click());
    await settle();
    // Pressed before the server answers.
    expect(star().getAttribute('aria-pressed')).toBe('true');
    release();
    await settle();
    expect(sets).toEqual([{ forex_id: BTC, favourite: 1 }]);
    expect(star().getAttribute('aria-label')).toBe(en.trading.favourite_remove);
    act(() => star().click());
    await settle();
    expect(sets).toEqual([
      { forex_id: BTC, favourite: 1 },
      { forex_id: BTC, favourite: 0 },
    ]);
    expect(star().getAttribute('aria-pressed')).toBe('false');
  });

  it('turns back when the server refuses', async () => {
    show(true);
    await settle();
    refuse = true;
    let release = () => undefined as void;
    answer = new Promise((resolve) => (release = resolve));
    act(() => star().click());
    await settle();
    expect(star().getAttribute('aria-pressed')).toBe('true');
    release();
    await settle();
    expect(star().getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the board’s filters', () => {
  const pair = (Id: number, CategoryId: number) =>
    ({ Id, CategoryId }) as Parameters<typeof boardPairs>[0][0];
  const all = [pair(1, 1), pair(2, 1), pair(26, 4), pair(27, 4)];
  const ids = (pairs: { Id: number }[]) => pairs.map((p) => p.Id);

  it('shows all, a category’s in the board’s order, or the starred in the order starred', () => {
    expect(ids(boardPairs(all, null, [27]))).toEqual([1, 2, 26, 27]);
    expect(ids(boardPairs(all, 4, [27]))).toEqual([26, 27]);
    // An instrument starred but no longer listed is left out.
    expect(ids(boardPairs(all, 'favourites', [27, 99, 1]))).toEqual([27, 1]);
    expect(boardPairs(all, 'favourites', [])).toEqual([]);
  });
});
