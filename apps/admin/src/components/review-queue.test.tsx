// @vitest-environment jsdom
import { ChargeStatus, ChargeType } from '@pipwise/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_STATUS, DEPOSIT_TYPE } from '@/lib/labels';
import { i18n, t } from '@/test/english';
import { QueueFilterBar, queueSelects, type QueueFilters, type QueueSelect } from './review-queue';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);

const channel = { placeholder: 'Channel', codes: DEPOSIT_TYPE, width: 160 };

describe('the code filters of a queue', () => {
  it('the status comes first, with every status of the queue in its table order', () => {
    expect(queueSelects(t, DEPOSIT_STATUS, { width: 180, testId: 'deposit-status-filter' })).toEqual([
      {
        key: 'status',
        placeholder: 'Status',
        options: [
          { value: ChargeStatus.Unchecked, label: 'Under review' },
          { value: ChargeStatus.Finished, label: 'Credited' },
          { value: ChargeStatus.Rejected, label: 'Rejected' },
          { value: ChargeStatus.Invalid, label: 'Invalid' },
        ],
        width: 180,
        testId: 'deposit-status-filter',
      },
    ]);
  });

  it('offers only the statuses a queue names', () => {
    const only = [ChargeStatus.Unchecked, ChargeStatus.Rejected];
    const [status] = queueSelects(t, DEPOSIT_STATUS, { width: 180, only });
    expect(status!.options.map((o) => o.value)).toEqual(only);
  });

  it('then the type, when the queue has one', () => {
    const selects = queueSelects(t, DEPOSIT_STATUS, { width: 180 }, channel);
    expect(selects.map((s) => s.key)).toEqual(['status', 'type']);
    expect(selects[1]).toEqual({
      key: 'type',
      placeholder: 'Channel',
      options: [
        { value: ChargeType.Coin, label: 'Coin' },
        { value: ChargeType.Wire, label: 'Bank wire' },
        { value: ChargeType.Card, label: 'Card' },
      ],
      width: 160,
    });
  });
});

describe('the filter bar of a queue', () => {
  let root: Root;
  let host: HTMLElement;
  const setFilter = vi.fn();

  function show(filters: QueueFilters, selects: QueueSelect[]) {
    act(() =>
      root.render(
        <I18nextProvider i18n={i18n}>
          <QueueFilterBar list={{ filters, setFilter }} selects={selects} />
        </I18nextProvider>,
      ),
    );
  }
  const select = (placeholder: string) =>
    host.querySelector<HTMLSelectElement>(`select[data-placeholder="${placeholder}"]`)!;
  const choose = (placeholder: string, value: string) =>
    act(() => {
      const element = select(placeholder);
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
  const typeUserId = (text: string) =>
    act(() => {
      const input = host.querySelector<HTMLInputElement>('input[data-placeholder="User ID"]')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    setFilter.mockReset();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('shows each code filter with its value, then the user filter', () => {
    show({ status: ChargeStatus.Unchecked }, queueSelects(t, DEPOSIT_STATUS, { width: 180 }, channel));
    expect(
      [...host.querySelectorAll('[data-placeholder]')].map((e) => e.getAttribute('data-placeholder')),
    ).toEqual(['Status', 'Channel', 'User ID']);
    expect(select('Status').value).toBe(String(ChargeStatus.Unchecked));
    expect(select('Status').dataset.width).toBe('180');
    expect(select('Channel').value).toBe('');
  });

  it('names every filter for screen readers, as its placeholder says (docs/accessibility.md)', () => {
    show({ status: ChargeStatus.Unchecked }, queueSelects(t, DEPOSIT_STATUS, { width: 180 }, channel));
    expect([...host.querySelectorAll('select, input')].map((e) => e.getAttribute('aria-label'))).toEqual([
      'Status',
      'Channel',
      'User ID',
    ]);
  });

  it('sets the filter a select stands for, and clears it', () => {
    show({ status: ChargeStatus.Unchecked }, queueSelects(t, DEPOSIT_STATUS, { width: 180 }, channel));
    choose('Status', String(ChargeStatus.Rejected));
    expect(setFilter).toHaveBeenLastCalledWith('status', ChargeStatus.Rejected);
    choose('Channel', String(ChargeType.Card));
    expect(setFilter).toHaveBeenLastCalledWith('type', ChargeType.Card);
    choose('Status', '');
    expect(setFilter).toHaveBeenLastCalledWith('status', undefined);
  });

  it('narrows to one user by id, and back to everyone', () => {
    const selects = queueSelects(t, DEPOSIT_STATUS, { width: 180 });
    show({}, selects);
    typeUserId('7');
    expect(setFilter).toHaveBeenLastCalledWith('user_id', 7);
    show({ user_id: 7 }, selects);
    typeUserId('');
    expect(setFilter).toHaveBeenLastCalledWith('user_id', undefined);
  });
});
