import { pushUnsubscribeEndpoint } from '@pipwise/shared';
import { request } from './api';

/**
 * Stops this device's push notifications for the account logging out (docs/notifications.md
 * "Web push"): the next person on this phone must not see its notices. The server forgets
 * the subscription, the browser drops it; either may fail (offline, nothing subscribed) —
 * logging out goes on regardless.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  if (!subscription) return;
  await request(pushUnsubscribeEndpoint, { endpoint: subscription.endpoint }, { silent: true }).catch(
    () => undefined,
  );
  await subscription.unsubscribe().catch(() => false);
}
