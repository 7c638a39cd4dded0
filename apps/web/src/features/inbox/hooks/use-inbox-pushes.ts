import type { Notice, NoticePush } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getLiveSocket } from '@/lib/live';
import { showToast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { invalidateInboxList, refetchUnread, setUnread } from '../api/inbox-list';
import { useUnreadCount } from './use-unread-count';

const loadNoticeText = () => import('../utils/notice-text');

/** The pair's symbol from its code (EURUSD → EUR/USD). */
type SymbolOf = (code: string) => string;

interface Options {
  /**
   * The pairs' symbols for the toast's sentence, once they are at hand (the page may not
   * have loaded the pairs yet); the code stands in when they cannot be had.
   */
  symbols?: () => Promise<SymbolOf>;
  /** A notice was just written (what else it makes stale: the app wires that). */
  onNotice?: (notice: Notice) => void;
}

/**
 * The inbox's live side, for the whole app while a session lasts (docs/notifications.md
 * "The inbox"): the unread count is read at login (the first page's `unread`), and each
 * NOTICE push sets it; a push carrying the notice just written shows its sentence in a
 * short toast and makes the list stale. When the socket logs in again after a reconnect, or
 * is told to resync (pushes may be lost), the count is read again.
 */
export function useInboxPushes({ symbols, onNotice }: Options = {}): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = session !== null;
  // The first read (and its refetches) live in the unread query.
  useUnreadCount();

  // The caller's newest functions, without re-subscribing for each render.
  const latest = useRef({ t, symbols, onNotice });
  useLayoutEffect(() => {
    latest.current = { t, symbols, onNotice };
  });

  useEffect(() => {
    if (!loggedIn) return;
    return getLiveSocket().subscribe(
      'NOTICE',
      (push: NoticePush) => {
        setUnread(queryClient, push.unread);
        const notice = push.latest;
        if (!notice) return;
        const { symbols: loadSymbols, onNotice: told } = latest.current;
        void invalidateInboxList(queryClient);
        told?.(notice);
        // The sentence's code loads with the first notice: the first screen does without it.
        const say = (symbolOf?: SymbolOf) =>
          loadNoticeText().then(
            ({ headlineOf, noticeText }) =>
              showToast(headlineOf(noticeText(latest.current.t, notice, symbolOf))),
            () => showToast(latest.current.t('inbox.new_notice')),
          );
        void (loadSymbols ? loadSymbols().then(say, () => say()) : say());
      },
      { onResync: () => Promise.all([refetchUnread(queryClient), invalidateInboxList(queryClient)]) },
    );
  }, [loggedIn, queryClient]);
}
