import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import {
  getPushKey,
  invalidatePushSettings,
  pushSettingsKey,
  subscribePush,
  unsubscribePush,
  usePushSettings,
  type PushSettings,
  type PushSubscriptionBody,
} from '../api/push';
import { base64UrlToBytes, sameKey } from '../utils/push-key';

/** Whether this browser can receive web pushes at all (iPhone: only once added to the home screen). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/**
 * "Show amounts" of this device: the server keeps it with the subscription but does not
 * answer it back, so the device remembers what it last sent (off until allowed).
 */
const AMOUNTS_KEY = 'pipwise.push_amounts';

function readShowAmounts(): boolean {
  try {
    return globalThis.localStorage?.getItem(AMOUNTS_KEY) === '1';
  } catch {
    return false;
  }
}

function writeShowAmounts(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(AMOUNTS_KEY, '1');
    else globalThis.localStorage?.removeItem(AMOUNTS_KEY);
  } catch {
    // Storage blocked: remembered for this visit only.
  }
}

/** The push subscription of the app's service worker, if this browser has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/** What the server is sent of a subscription (PushSubscription.toJSON()). */
export function subscriptionBody(subscription: PushSubscription, showAmounts: boolean): PushSubscriptionBody {
  const json = subscription.toJSON();
  const endpoint = json.endpoint ?? subscription.endpoint;
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!endpoint || !p256dh || !auth) throw new Error('the subscription has no keys');
  return { endpoint, p256dh, auth, show_amounts: showAmounts ? 1 : 0 };
}

export interface PushControl {
  /** This browser can receive pushes (a service worker, PushManager, Notification, https). */
  supported: boolean;
  /** Whether this device receives the trader's pushes; `checking` until known. */
  state: 'checking' | 'off' | 'on';
  /** An enable, disable or change is under way. */
  busy: boolean;
  /** Whether this device's notifications may show amounts (off by default). */
  showAmounts: boolean;
  /** Asks for permission, subscribes this browser and tells the server; true when on. */
  enable: (showAmounts?: boolean) => Promise<boolean>;
  /** Tells the server to forget this browser, then unsubscribes it; true when off. */
  disable: () => Promise<boolean>;
  /** Changes "show amounts": while on, the subscription is sent again with the new flag. */
  setShowAmounts: (on: boolean) => Promise<void>;
}

/**
 * Web push on this device (docs/notifications.md "Web push"). The service worker
 * (/sw.js) is the app's own (docs/installable-app.md), registered once the first screen is
 * up; turning notifications on registers it too, should it not be yet. This device counts as on when its browser holds a subscription and the server
 * holds at least one for the trader (a subscription left by another login on this
 * device, or forgotten by the server, shows as off and is sent again when turned on).
 * The api client toasts the server's refusals; what fails in the browser is toasted here.
 */
export function usePush(): PushControl {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [supported] = useState(isPushSupported);
  // undefined: not read from the browser yet.
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(
    supported ? undefined : null,
  );
  const [busy, setBusy] = useState(false);
  const [showAmounts, setShowAmountsState] = useState(readShowAmounts);
  const settings = usePushSettings(supported && !!subscription);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription().then(
      (found) => live && setSubscription(found),
      () => live && setSubscription(null),
    );
    return () => {
      live = false;
    };
  }, [supported]);

  const state: PushControl['state'] =
    subscription === undefined
      ? 'checking'
      : subscription === null
        ? 'off'
        : settings.data
          ? settings.data.subscriptions > 0
            ? 'on'
            : 'off'
          : settings.isError
            ? 'on'
            : 'checking';

  /** A browser failure gets its own toast; the api client has already toasted a call's. */
  const failed = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) {
        console.warn('push', error);
        showToast(t('inbox.push_failed'));
      }
    },
    [t],
  );

  const markSubscribed = useCallback(() => {
    queryClient.setQueryData<PushSettings>(pushSettingsKey, (held) =>
      held && held.subscriptions === 0 ? { ...held, subscriptions: 1 } : held,
    );
    void invalidatePushSettings(queryClient);
  }, [queryClient]);

  const enable = useCallback(
    async (amounts: boolean = showAmounts): Promise<boolean> => {
      if (!supported) return false;
      setBusy(true);
      let created: PushSubscription | null = null;
      try {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') {
          showToast(t('inbox.push_blocked'));
          return false;
        }
        await navigator.serviceWorker.register('/sw.js', { scope: '/' });
        const registration = await navigator.serviceWorker.ready;
        const key = base64UrlToBytes(await getPushKey());
        let sub = await registration.pushManager.getSubscription();
        // One made with another server key cannot be used (nor subscribed over).
        if (sub && !sameKey(sub.options.applicationServerKey, key)) {
          await sub.unsubscribe();
          sub = null;
        }
        if (!sub) {
          sub = await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: key,
          });
          created = sub;
        }
        const body = subscriptionBody(sub, amounts);
        try {
          await subscribePush(body, { toastSuccess: true });
        } catch (error) {
          // Refused (not a push service the server sends to): no subscription is kept.
          if (isApiError(error) && error.kind === 'business') {
            await sub.unsubscribe().catch(() => false);
            setSubscription(null);
          } else if (created) setSubscription(created);
          throw error;
        }
        setSubscription(sub);
        setShowAmountsState(amounts);
        writeShowAmounts(amounts);
        markSubscribed();
        return true;
      } catch (error) {
        failed(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [supported, showAmounts, t, failed, markSubscribed],
  );

  const disable = useCallback(async (): Promise<boolean> => {
    if (!supported) return false;
    setBusy(true);
    try {
      const sub = subscription ?? (await currentSubscription());
      if (sub) {
        try {
          // Quiet: "not found" (the server had already forgotten it) changes nothing here.
          await unsubscribePush(sub.endpoint, { silent: true });
        } catch (error) {
          if (!isApiError(error) || error.kind !== 'business') {
            if (isApiError(error) && (error.kind === 'network' || error.kind === 'http'))
              showToast(t('common.network_error', { status: error.status ?? 'ERR_NETWORK' }));
            else if (!isApiError(error)) failed(error);
            return false;
          }
        }
        await sub.unsubscribe().catch(() => false);
      }
      setSubscription(null);
      showToast(t('inbox.push_off'));
      void invalidatePushSettings(queryClient);
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      setBusy(false);
    }
  }, [supported, subscription, t, failed, queryClient]);

  const setShowAmounts = useCallback(
    async (on: boolean): Promise<void> => {
      const before = showAmounts;
      setShowAmountsState(on);
      writeShowAmounts(on);
      if (state !== 'on' || !subscription) return;
      setBusy(true);
      try {
        await subscribePush(subscriptionBody(subscription, on));
      } catch (error) {
        setShowAmountsState(before);
        writeShowAmounts(before);
        failed(error);
      } finally {
        setBusy(false);
      }
    },
    [showAmounts, state, subscription, failed],
  );

  return { supported, state, busy, showAmounts, enable, disable, setShowAmounts };
}
