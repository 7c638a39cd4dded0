// @vitest-environment jsdom
import { messages } from '@pipwise/locales';
import { LANGS } from '@pipwise/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LinkStatus } from '@/lib/use-connection-state';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { ConnectionBadge } from './connection-badge';

// The header's pill once read "Connectin…": its word is now always whole, in every language.

let status: LinkStatus = 'connecting';
vi.mock('@/lib/use-connection-state', () => ({ useLinkStatus: () => status }));

const STATES: LinkStatus[] = ['connected', 'connecting', 'reconnecting', 'syncing', 'offline'];
const i18n = testI18n();
const view = mountRoot();

describe('the connection badge', () => {
  it('shows each state’s whole word in every language', async () => {
    for (const lang of LANGS) {
      await act(() => i18n.changeLanguage(lang));
      for (const state of STATES) {
        status = state;
        view.render(withProviders(<ConnectionBadge />, { i18n }));
        expect(view.$('connection-word')?.textContent, `${lang} ${state}`).toBe(
          messages[lang].connection[state],
        );
      }
    }
    await act(() => i18n.changeLanguage('en'));
  });

  it('never cuts its word: no ellipsis, no cap, and it does not shrink in a crowded header', () => {
    const css = readFileSync(join(import.meta.dirname, 'connection-badge.module.css'), 'utf8');
    const badge = /\.badge\s*{([^}]*)}/.exec(css)?.[1] ?? '';
    expect(badge).toMatch(/flex:\s*none/);
    expect(badge).toMatch(/white-space:\s*nowrap/);
    expect(css).not.toMatch(/text-overflow|max-inline-size:\s*[\d.]+em/);
  });
});
