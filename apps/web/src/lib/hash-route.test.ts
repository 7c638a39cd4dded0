import { describe, expect, it } from 'vitest';
import { applyHashRoute, hashRoutePath } from './hash-route';

const at = (href: string) => {
  const url = new URL(href);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('hash routes (docs/product.md §9 invite links)', () => {
  it('turns /#/register?invite_code= into the register path with the code', () => {
    expect(hashRoutePath(at('https://app.example/#/register?invite_code=AB12CD'))).toBe(
      '/register?invite_code=AB12CD',
    );
    expect(hashRoutePath(at('https://app.example/index.html#/mine/charge?type=1'))).toBe(
      '/mine/charge?type=1',
    );
  });

  it('keeps query from before the hash unless the hash sets the same key', () => {
    expect(hashRoutePath(at('https://app.example/?utm=mail#/register?invite_code=X1'))).toBe(
      '/register?invite_code=X1&utm=mail',
    );
    expect(hashRoutePath(at('https://app.example/?invite_code=OLD#/register?invite_code=NEW'))).toBe(
      '/register?invite_code=NEW',
    );
  });

  it('leaves anchors, empty hashes and other pages alone', () => {
    expect(hashRoutePath(at('https://app.example/#top'))).toBeNull();
    expect(hashRoutePath(at('https://app.example/'))).toBeNull();
    expect(hashRoutePath(at('https://app.example/trade#/register'))).toBeNull();
  });

  it('never leaves the origin, whatever the hash says', () => {
    expect(hashRoutePath(at('https://app.example/#//evil.example/register?invite_code=X'))).toBe(
      '/register?invite_code=X',
    );
    expect(hashRoutePath(at('https://app.example/#/\\evil.example/x'))).toMatch(/^\/[^/\\]/);
  });

  it('replaces the history entry (no extra back step) before the router reads it', () => {
    const calls: unknown[][] = [];
    const win = {
      location: at('https://app.example/#/register?invite_code=Q9'),
      history: { state: { keep: 1 }, replaceState: (...args: unknown[]) => calls.push(args) },
    };
    applyHashRoute(win as unknown as Window);
    expect(calls).toEqual([[{ keep: 1 }, '', '/register?invite_code=Q9']]);

    calls.length = 0;
    applyHashRoute({
      ...win,
      location: at('https://app.example/register?invite_code=Q9'),
    } as unknown as Window);
    expect(calls).toEqual([]);
  });
});
