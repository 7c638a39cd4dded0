import { COMPANY_COOKIE_YEARS } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  clearCompanyChoice,
  COMPANY_COOKIE,
  companyCookieExpiry,
  readCompanyChoice,
  refreshCompanyChoice,
  writeCompanyChoice,
  type CookieJar,
} from './company-choice';

/** A document.cookie look-alike: writes parse one Set-Cookie string, reads list name=value pairs. */
class FakeJar implements CookieJar {
  readonly written: string[] = [];
  private readonly values = new Map<string, string>();
  constructor(
    initial: Record<string, string> = {},
    readonly location = { protocol: 'http:' },
  ) {
    for (const [k, v] of Object.entries(initial)) this.values.set(k, v);
  }
  get cookie(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  set cookie(value: string) {
    this.written.push(value);
    const [pair = '', ...attrs] = value.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const expired = attrs.some((a) => /^max-age=0$/i.test(a));
    if (expired) this.values.delete(name);
    else this.values.set(name, pair.slice(eq + 1));
  }
}

const attrs = (cookie: string) => cookie.split('; ').slice(1);

describe('company choice cookie', () => {
  it('is empty until a company is chosen', () => {
    expect(readCompanyChoice(new FakeJar({ other: '1' }))).toBeNull();
  });

  it('writes the id for three years, site-wide, SameSite=Lax', () => {
    const jar = new FakeJar();
    const now = new Date('2026-03-01T10:00:00Z');
    writeCompanyChoice(42, jar, now);
    expect(readCompanyChoice(jar)).toBe(42);
    const written = jar.written[0]!;
    expect(written.startsWith(`${COMPANY_COOKIE}=42; `)).toBe(true);
    expect(attrs(written)).toEqual([
      'Path=/',
      'Expires=Thu, 01 Mar 2029 10:00:00 GMT',
      `Max-Age=${(Date.UTC(2029, 2, 1, 10) - now.getTime()) / 1000}`,
      'SameSite=Lax',
    ]);
  });

  it('counts calendar years, leap days included', () => {
    expect(COMPANY_COOKIE_YEARS).toBe(3);
    expect(companyCookieExpiry(new Date('2027-06-15T00:00:00Z')).toISOString()).toBe(
      '2030-06-15T00:00:00.000Z',
    );
  });

  it('adds Secure on https', () => {
    const jar = new FakeJar({}, { protocol: 'https:' });
    writeCompanyChoice(7, jar);
    expect(attrs(jar.written[0]!)).toContain('Secure');
  });

  it('ignores junk and other cookies whose names merely contain the name', () => {
    expect(readCompanyChoice(new FakeJar({ [`x${COMPANY_COOKIE}`]: '5' }))).toBeNull();
    expect(readCompanyChoice(new FakeJar({ [COMPANY_COOKIE]: 'abc' }))).toBeNull();
    expect(readCompanyChoice(new FakeJar({ [COMPANY_COOKIE]: '%E0%A4%A' }))).toBeNull();
    expect(readCompanyChoice(new FakeJar({ a: '1', [COMPANY_COOKIE]: '12' }))).toBe(12);
  });

  it('refuses to write an invalid id', () => {
    const jar = new FakeJar();
    writeCompanyChoice(0, jar);
    writeCompanyChoice(Number.NaN, jar);
    expect(jar.written).toEqual([]);
  });

  it('clears the choice', () => {
    const jar = new FakeJar({ [COMPANY_COOKIE]: '3' });
    clearCompanyChoice(jar);
    expect(readCompanyChoice(jar)).toBeNull();
  });

  it('refresh re-writes a stored choice from today, and leaves no choice alone', () => {
    const jar = new FakeJar({ [COMPANY_COOKIE]: '9' });
    refreshCompanyChoice(jar, new Date('2028-01-01T00:00:00Z'));
    expect(jar.written[0]).toContain('Expires=Wed, 01 Jan 2031 00:00:00 GMT');
    const empty = new FakeJar();
    refreshCompanyChoice(empty);
    expect(empty.written).toEqual([]);
  });

  it('does nothing without a document (server-side or tests)', () => {
    expect(readCompanyChoice(null)).toBeNull();
    expect(() => writeCompanyChoice(1, null)).not.toThrow();
  });
});
