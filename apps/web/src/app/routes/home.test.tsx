// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import HomePage from './home';

// The home header's connection badge sits under the app's name: beside it, between the logo
// and the three buttons, a 390 px screen left ~65 px and cut "Connecting…" to "Connectin…".

vi.mock('@/lib/use-connection-state', () => ({ useLinkStatus: () => 'connecting' }));
vi.mock('@/features/markets/components/market-board', () => ({ MarketBoard: () => null }));
vi.mock('@/features/inbox/hooks/use-unread-count', () => ({ useUnreadCount: () => 0 }));
vi.mock('@/features/inbox/components/unread-badge', () => ({ UnreadBadge: () => null }));
vi.mock('@/features/language/components/language-switcher', () => ({ LanguageSwitcher: () => null }));

const i18n = testI18n();
const view = mountRoot();

describe('the home header', () => {
  it('puts the connection badge under the app’s name, with the whole word', () => {
    view.render(
      withProviders(
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>,
        { i18n },
      ),
    );
    const badge = view.$('connection-badge')!;
    const name = view.container.querySelector('h1')!;
    // One column holds the name and, below it, the badge; the logo is outside it.
    expect(badge.parentElement).toBe(name.parentElement);
    expect(name.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(badge.parentElement!.querySelector('img')).toBeNull();
    expect(view.$('connection-word')?.textContent).toBe('Connecting…');
  });
});
