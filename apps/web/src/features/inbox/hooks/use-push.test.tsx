// @vitest-environment jsdom
import { ApiError } from '@pipwise/client';
import en from '@pipwise/locales/en.json';
import {
  NOTICE_KINDS,
  pushKeyEndpoint,
  pushSettingsEndpoint,
  pushSubscribeEndpoint,
  pushUnsubscribeEndpoint,
  type Endpoint,
} from '@pipwise/shared';
import { act, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { usePush, type PushControl } from './use-push';

// The server (the app's one way of calling it) and the toast; a refusal is an ApiError.
vi.mock('@/lib/api', async () => {
  const { isApiError } = await import('@pipwise/client');
  return { request: vi.fn(), isApiError };
});
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));

const i18n = testI18n();

/** The server's VAPID public key: 65 bytes, as base64url. */
const KEY_BYTES = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 53 + 7) % 256));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const P256DH = `B${'p'.repeat(86)}`;
const AUTH = 'a'.repeat(22);

/** A PushSubscription as a browser makes it. */
function fakeSubscription(endpoint: string, key: ArrayBuffer) {
  return {
    endpoint,
    options: { applicationServerKey: key, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}
type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** The browser's service worker and push manager, as far as the hook uses them. */
const browser = {
  registered: false,
  subscription: null as FakeSubscription | null,
  /** What `pushManager.subscribe` does: make a subscription, or fail like a browser without a push service. */
  failSubscribe: false,
  permission: 'granted' as NotificationPermission,
};
const pushManager = {
  getSubscription: vi.fn(() => Promise.resolve(browser.subscription)),
  subscribe: vi.fn((options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    if (browser.failSubscribe)
      return Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
    const key = options.applicationServerKey;
    browser.subscription = fakeSubscription(ENDPOINT, key.buffer.slice(0) as ArrayBuffer);
    return Promise.resolve(browser.subscription);
  }),
};
const registration = { pushManager };
const serviceWorker = {
  getRegistration: vi.fn((_scope?: string) => Promise.resolve(browser.registered ? registration : undefined)),
  register: vi.fn((_url: string, _options?: RegistrationOptions) => {
    browser.registered = true;
    return Promise.resolve(registration);
  }),
  get ready() {
    return Promise.resolve(registration);
  },
};
const requestPermission = vi.fn(() => Promise.resolve(browser.permission));

/** The server's answers: `answer` returns a call's data or throws its refusal. */
const server =
  (answer: (endpoint: Endpoint, input: unknown) => unknown) => (endpoint: Endpoint, input: unknown) =>
    Promise.resolve().then(() => answer(endpoint, input));

/** How many browsers the server holds for the trader. */
let serverSubscriptions = 0;
const allKinds = Object.fromEntries(NOTICE_KINDS.map((k) => [k, 1]));

function installBrowser() {
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: class PushManager {}, configurable: true });
  Object.defineProperty(window, 'Notification', {
    value: { requestPermission, permission: 'default' },
    configurable: true,
  });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
}

function removeBrowser() {
  for (const [target, name] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
    [window, 'isSecureContext'],
  ] as const)
    Reflect.deleteProperty(target, name);
}

let control: PushControl;
/** Hands the hook's control to the test after each render. */
function Probe({ onControl }: { onControl: (control: PushControl) => void }) {
  const push = usePush();
  useEffect(() => {
    onControl(push);
  });
  return null;
}

// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  removeBrowser();
  vi.clearAllMocks();
});
const view = mountRoot();
beforeEach(() => {
  installBrowser();
  browser.registered = false;
  browser.subscription = null;
  browser.failSubscribe = false;
  browser.permission = 'granted';
  serverSubscriptions = 0;
  localStorage.clear();
  vi.mocked(request).mockImplementation(
    server((endpoint, input) => {
      if (endpoint === pushKeyEndpoint) return { public_key: PUBLIC_KEY };
      if (endpoint === pushSettingsEndpoint) return { subscriptions: serverSubscriptions, kinds: allKinds };
      if (endpoint === pushSubscribeEndpoint) {
        serverSubscriptions = 1;
        return { subscribed: 1 };
      }
      if (endpoint === pushUnsubscribeEndpoint) {
        if (serverSubscriptions === 0)
          throw new ApiError('business', 'This device does not receive notifications', 2001);
        serverSubscriptions = 0;
        return {};
      }
      throw new Error(`unexpected call to ${endpoint.path} ${JSON.stringify(input)}`);
    }),
  );
});

function show() {
  view.render(
    withProviders(
      <Probe
        onControl={(c) => {
          control = c;
        }}
      />,
      { i18n, queries: testQueryClient() },
    ),
  );
}

/** Lets promises and renders run, inside act, until `check` passes. */
async function until(check: () => void): Promise<void> {
  for (let round = 0; ; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      return check();
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

/** What was sent to `endpoint`: each call's input and options (never the schema: it cannot be printed). */
const callsTo = (endpoint: Endpoint) =>
  vi
    .mocked(request)
    .mock.calls.filter(([e]) => e === endpoint)
    .map(([, input, options]) => (options === undefined ? [input] : [input, options]));
const toasts = () => vi.mocked(showToast).mock.calls.map(([text]) => text);

/** This device subscribed earlier: the browser and the server both hold it. */
function subscribedEarlier() {
  browser.registered = true;
  browser.subscription = fakeSubscription(ENDPOINT, KEY_BYTES.buffer.slice(0));
  serverSubscriptions = 1;
}

describe('push on this device (docs/notifications.md "Web push")', () => {
  it('a browser without a service worker or PushManager cannot receive pushes', () => {
    removeBrowser();
    show();
    expect(control.supported).toBe(false);
    expect(control.state).toBe('off');
  });

  it('is off until turned on, and registers nothing before', async () => {
    show();
    expect(control.supported).toBe(true);
    await until(() => expect(control.state).toBe('off'));
    expect(serviceWorker.getRegistration).toHaveBeenCalledWith('/');
    expect(serviceWorker.register).not.toHaveBeenCalled();
    expect(control.showAmounts).toBe(false);
  });

  it('turning on: permission, the service worker, the key, then the subscription sent to the server', async () => {
    show();
    await until(() => expect(control.state).toBe('off'));

    let result: boolean | undefined;
    await act(async () => {
      result = await control.enable(false);
    });
    expect(result).toBe(true);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...KEY_BYTES]);

    expect(callsTo(pushSubscribeEndpoint)).toEqual([
      [{ endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH, show_amounts: 0 }, { toastSuccess: true }],
    ]);
    await until(() => expect(control.state).toBe('on'));
  });

  it('turned on with amounts allowed: sends show_amounts 1 and remembers it', async () => {
    show();
    await until(() => expect(control.state).toBe('off'));
    await act(async () => {
      await control.enable(true);
    });
    expect(callsTo(pushSubscribeEndpoint)[0]![0]).toMatchObject({ show_amounts: 1 });
    await until(() => expect(control.showAmounts).toBe(true));
    expect(localStorage.getItem('pipwise.push_amounts')).toBe('1');
  });

  it('notifications blocked in the browser: says so, registers and subscribes nothing', async () => {
    browser.permission = 'denied';
    show();
    await until(() => expect(control.state).toBe('off'));
    let result: boolean | undefined;
    await act(async () => {
      result = await control.enable();
    });
    expect(result).toBe(false);
    expect(toasts()).toEqual([en.inbox.push_blocked]);
    expect(serviceWorker.register).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(callsTo(pushSubscribeEndpoint)).toEqual([]);
    expect(control.state).toBe('off');
  });

  it('a browser without a push service: a clear toast, still off, nothing sent', async () => {
    browser.failSubscribe = true;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show();
    await until(() => expect(control.state).toBe('off'));
    await act(async () => {
      await control.enable();
    });
    expect(toasts()).toEqual([en.inbox.push_failed]);
    expect(callsTo(pushSubscribeEndpoint)).toEqual([]);
    expect(control.state).toBe('off');
    expect(control.busy).toBe(false);
  });

  it('the server refuses the subscription: the browser forgets it too (the api client toasted why)', async () => {
    vi.mocked(request).mockImplementation(
      server((endpoint) => {
        if (endpoint === pushKeyEndpoint) return { public_key: PUBLIC_KEY };
        if (endpoint === pushSubscribeEndpoint)
          throw new ApiError('business', "This browser's notification service is not supported", 2001);
        return { subscriptions: 0, kinds: allKinds };
      }),
    );
    show();
    await until(() => expect(control.state).toBe('off'));
    await act(async () => {
      await control.enable();
    });
    expect(browser.subscription!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([]);
    expect(control.state).toBe('off');
  });

  it('reads an earlier subscription as on; turning off tells the server, then unsubscribes the browser', async () => {
    subscribedEarlier();
    const subscription = browser.subscription!;
    show();
    await until(() => expect(control.state).toBe('on'));

    let result: boolean | undefined;
    await act(async () => {
      result = await control.disable();
    });
    expect(result).toBe(true);
    expect(callsTo(pushUnsubscribeEndpoint)).toEqual([[{ endpoint: ENDPOINT }, { silent: true }]]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([en.inbox.push_off]);
    expect(control.state).toBe('off');
  });

  it('turning off what the server had already forgotten ("not found") still unsubscribes the browser', async () => {
    subscribedEarlier();
    const subscription = browser.subscription!;
    show();
    await until(() => expect(control.state).toBe('on'));
    serverSubscriptions = 0;
    await act(async () => {
      await control.disable();
    });
    expect(callsTo(pushUnsubscribeEndpoint)).toHaveLength(1);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([en.inbox.push_off]);
    expect(control.state).toBe('off');
  });

  it('turning off while the server cannot be reached keeps it on', async () => {
    subscribedEarlier();
    const subscription = browser.subscription!;
    show();
    await until(() => expect(control.state).toBe('on'));
    vi.mocked(request).mockImplementation(
      server((endpoint) => {
        if (endpoint === pushUnsubscribeEndpoint) throw new ApiError('network', 'offline');
        return { subscriptions: 1, kinds: allKinds };
      }),
    );
    let result: boolean | undefined;
    await act(async () => {
      result = await control.disable();
    });
    expect(result).toBe(false);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    expect(toasts()).toEqual([i18n.t('common.network_error', { status: 'ERR_NETWORK' })]);
    expect(control.state).toBe('on');
  });

  it('a subscription the server does not hold for this trader shows as off', async () => {
    subscribedEarlier();
    serverSubscriptions = 0;
    show();
    await until(() => expect(callsTo(pushSettingsEndpoint).length).toBeGreaterThan(0));
    await until(() => expect(control.state).toBe('off'));
  });

  it('"show amounts" changed while on: the same subscription is sent again with the new flag', async () => {
    subscribedEarlier();
    show();
    await until(() => expect(control.state).toBe('on'));
    await act(async () => {
      await control.setShowAmounts(true);
    });
    expect(callsTo(pushSubscribeEndpoint)).toEqual([
      [{ endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH, show_amounts: 1 }],
    ]);
    expect(control.showAmounts).toBe(true);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('"show amounts" changed while off: only remembered for when it is turned on', async () => {
    show();
    await until(() => expect(control.state).toBe('off'));
    await act(async () => {
      await control.setShowAmounts(true);
    });
    expect(callsTo(pushSubscribeEndpoint)).toEqual([]);
    expect(control.showAmounts).toBe(true);
    await act(async () => {
      await control.enable();
    });
    expect(callsTo(pushSubscribeEndpoint)[0]![0]).toMatchObject({ show_amounts: 1 });
  });
});
