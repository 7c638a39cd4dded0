// @vitest-environment jsdom
import type { DeskSnapshot } from '@pipwise/shared';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/test/english';
import { ProviderAlert } from './provider-alert';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => {
  const { antdStub } = await import('@/test/antd-stub');
  return {
    ...antdStub,
    Alert: ({ title, description, ...props }: { title: ReactNode; description: ReactNode }) => (
      <div role="alert" data-testid={(props as { 'data-testid'?: string })['data-testid']}>
        <strong>{title}</strong>
        {description}
      </div>
    ),
  };
});

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (provider: DeskSnapshot['provider']) =>
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ProviderAlert snapshot={{ provider } as DeskSnapshot} />
        </MemoryRouter>
      </I18nextProvider>,
    ),
  );

describe('what waits at the provider', () => {
  it('says nothing while nothing waits', () => {
    render({ covers_waiting: 0, unbooked_open: 0 });
    expect(host.textContent).toBe('');
  });

  it('counts the covers and the unbooked fills not handled, and links to those executions', () => {
    render({ covers_waiting: 3, unbooked_open: 1 });
    expect(host.textContent).toBe(
      'At the liquidity providerCovers waiting: 3 · Unbooked fills not yet handled: 1 · Open the executions',
    );
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/executions?state=unbooked&handled=0');
  });

  it('goes away once every fill is handled and no cover waits', () => {
    render({ covers_waiting: 0, unbooked_open: 1 });
    expect(host.textContent).toContain('Unbooked fills not yet handled: 1');
    render({ covers_waiting: 0, unbooked_open: 0 });
    expect(host.textContent).toBe('');
  });
});
