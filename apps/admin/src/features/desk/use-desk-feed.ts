import {
  ADMIN_WS_PATH,
  adminDeskEndpoint,
  DESK_TOPIC,
  ResultCode,
  type DeskServerMessage,
  type DeskSnapshot,
} from '@pipwise/shared';
import { useEffect, useState } from 'react';
import { currentLang } from '@/lib/i18n';
import { useApiQuery } from '@/lib/query';
import { clearSession, getToken } from '@/lib/session';

/** The socket is pinged this often; the server closes one silent for 30 s. */
const PING_MS = 5_000;
/** Reconnects wait this long at first, doubling up to the most. */
const RETRY_MS = { first: 1_000, most: 15_000 };

export type DeskLink = 'connecting' | 'live' | 'offline';

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${ADMIN_WS_PATH}?lang=${currentLang()}`;
}

/**
 * The desk's snapshot: read once over HTTP so the page shows at once, then replaced by each
 * push of the operator socket (docs/api.md "Operator socket"), which logs in with the
 * operator's session and subscribes with `timeZone`. A dropped socket reconnects; a refused
 * login (session over, role not allowed) does not, and a session over logs the page out.
 */
export function useDeskFeed(timeZone: string): {
  snapshot: DeskSnapshot | undefined;
  link: DeskLink;
  isLoading: boolean;
} {
  const first = useApiQuery(
    adminDeskEndpoint,
    { tz: timeZone },
    { staleTime: 0, refetchOnWindowFocus: false },
  );
  const [pushed, setPushed] = useState<DeskSnapshot | undefined>(undefined);
  const [link, setLink] = useState<DeskLink>('connecting');

  useEffect(() => {
    let socket: WebSocket | null = null;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_MS.first;
    let stopped = false;

    const connect = () => {
      setLink('connecting');
      const ws = new WebSocket(socketUrl());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'login', token: getToken() ?? '' }));
      ws.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as DeskServerMessage;
        if (message.type === 'login_result') {
          if (message.code === ResultCode.Success) {
            wait = RETRY_MS.first;
            ws.send(JSON.stringify({ type: 'sub', topic: DESK_TOPIC, tz: timeZone }));
            return;
          }
          // Refused: trying again would be refused again.
          stopped = true;
          setLink('offline');
          if (message.code === ResultCode.SessionExpired) clearSession();
          ws.close();
        } else if (message.type === 'push') {
          setLink('live');
          setPushed(message.data);
        }
      };
      ws.onclose = () => {
        clearInterval(ping);
        if (stopped) return;
        setLink('offline');
        retry = setTimeout(connect, wait);
        wait = Math.min(wait * 2, RETRY_MS.most);
      };
      ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, PING_MS);
    };
    connect();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      socket?.close();
    };
  }, [timeZone]);

  // The newer of the first read and the last push.
  const snapshot = pushed && (!first.data || pushed.at >= first.data.at) ? pushed : first.data;
  return { snapshot, link, isLoading: first.isLoading };
}
