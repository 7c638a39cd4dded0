import type { Inbox } from '../modules/notify/index.js';
import type { Hub } from './hub.js';

/**
 * Connects the inbox to the private NOTICE topic (docs/api.md "Live socket"): when a
 * trader's inbox changed — here or, in the scaled shape, on another instance — each of their
 * sockets here gets the unread count and, when a notice was just written, the newest one.
 * Read from the database when told, so what the socket says is what the inbox holds.
 */
export function wireNoticePushes(hub: Hub, inbox: Inbox, onError: (err: unknown) => void = () => {}): void {
  inbox.bus.subscribe((userId, written) => {
    if (!hub.hasUser(userId)) return;
    void Promise.all([inbox.unread(userId), written ? inbox.latest(userId) : null])
      .then(([unread, latest]) => hub.pushEvent(userId, 'NOTICE', { unread, latest }))
      .catch(onError);
  });
}
