// @vitest-environment jsdom
import '@/lib/antd-react19';
import type { WithdrawRecord } from '@pipwise/shared';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { WithdrawRecords } from './withdraw-records';

/**
 * A paid withdrawal's payout reference in the trader's records (docs/api.md "Funds"): the
 * chain's transaction id of a coin withdrawal, the transfer's reference of a wire, each to
 * copy; nothing before it is paid.
 */
const page = vi.hoisted(() => ({ rows: [] as WithdrawRecord[] }));
vi.mock('../api/get-draw-list', () => ({
  useDrawList: () => ({
    isPending: false,
    isError: false,
    data: { pages: [{ data: page.rows, total: page.rows.length }] },
    hasNextPage: false,
  }),
}));
const copied = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('@/lib/clipboard', () => ({
  copyText: (text: string) => {
    copied.texts.push(text);
    return Promise.resolve(true);
  },
}));

const record = (over: Partial<WithdrawRecord>): WithdrawRecord => ({
  id: 1,
  number: 100,
  real_number: '99.00',
  fee: 1,
  status: 1,
  status_name: 'Paid',
  created_at: '2026-11-26 12:43:45',
  created_at_ms: 1_795_715_025_000,
  type: 1,
  address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  payee_account: '',
  notes: '',
  payout_reference: '',
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  ...over,
});
const TXID = '7f1c0b3e9a6d52c48e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d';

const i18n = testI18n();
const view = mountRoot();
beforeEach(() => {
  copied.texts.length = 0;
});
const rows = () => [...view.container.querySelectorAll<HTMLElement>('[data-testid="withdraw-row"]')];

describe('the withdrawal records', () => {
  it('show a paid coin withdrawal’s transaction id, to copy, and nothing on one not paid yet', async () => {
    page.rows = [
      record({ id: 2, status: 0, status_name: 'Under review' }),
      record({ id: 1, payout_reference: TXID }),
    ];
    view.render(withProviders(<WithdrawRecords />, { i18n }));
    const [pending, paid] = rows();
    expect(pending!.querySelector('[data-testid="withdraw-reference"]')).toBeNull();
    const reference = paid!.querySelector<HTMLElement>('[data-testid="withdraw-reference"]')!;
    expect(reference.querySelector('dt')!.textContent).toBe('Transaction ID');
    expect(reference.querySelector('[data-testid="withdraw-reference-text"]')!.textContent).toBe(TXID);
    // Text and a copy button: the app knows no block explorer to link it to.
    expect(reference.querySelector('a')).toBeNull();
    const copy = reference.querySelector<HTMLButtonElement>('[data-testid="copy-payout-reference"]')!;
    expect(copy.getAttribute('aria-label')).toBe('Copy the payout reference');
    await act(async () => {
      copy.click();
      await Promise.resolve();
    });
    expect(copied.texts).toEqual([TXID]);
  });

  it('name a wire’s reference as the transfer’s', () => {
    page.rows = [
      record({
        type: 2,
        address: '',
        payee_account: 'DE89370400440532013000',
        payout_reference: 'FT24117-0009',
        draw_currency: { code: 'EUR', protocol: '' },
      }),
    ];
    view.render(withProviders(<WithdrawRecords initialType={2} />, { i18n }));
    const reference = rows()[0]!.querySelector<HTMLElement>('[data-testid="withdraw-reference"]')!;
    expect(reference.querySelector('dt')!.textContent).toBe('Transfer reference');
    expect(reference.textContent).toContain('FT24117-0009');
  });

  it('in Arabic, name it in Arabic, the reference kept in the isolated left-to-right style', () => {
    page.rows = [record({ payout_reference: TXID })];
    const ar = testI18n('ar');
    view.render(withProviders(<WithdrawRecords />, { i18n: ar }));
    const reference = rows()[0]!.querySelector<HTMLElement>('[data-testid="withdraw-reference"]')!;
    expect(reference.querySelector('dt')!.textContent).toBe('معرّف المعاملة');
    const text = reference.querySelector<HTMLElement>('[data-testid="withdraw-reference-text"]')!;
    expect(text.className).toMatch(/code/);
  });
});
