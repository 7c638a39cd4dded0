// What the web app's component and hook tests share: the texts, a React root per test, and
// the providers a screen reads (the back office's tests keep theirs in apps/admin/src/test).
// Only `*.test.ts(x)` files import this folder. Vite bundles what the app's entries reach,
// so none of it ships, and vitest collects tests by name, so it is not itself a test file.
import { messages } from '@pipwise/locales';
import type { Lang } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';

// React's act() warns unless the environment says it is a test. Setting it here is enough:
// a test file's imports run before its own code, so before any act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * An i18next instance of the test's own, ready when this returns and starting in `language`.
 * It holds the app's messages in every language, so a test can `changeLanguage` to any of
 * them. `resources` replaces those messages, e.g. `{ en: { translation: {} } }` for a test that
 * reads keys rather than texts.
 *
 * The resources are given inline and `initAsync` is off, so init finishes before it returns.
 * A file can then make its instance at module level, with no `await init` in a beforeAll.
 * Values are not HTML-escaped, as in the app (lib/i18n.ts): React escapes what it renders.
 * A file that needs more (a post-processor, say) makes its own instance.
 */
export function testI18n(language: Lang = 'en', resources?: Resource): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    resources:
      resources ??
      Object.fromEntries(Object.entries(messages).map(([lng, translation]) => [lng, { translation }])),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/**
 * A query cache of the test's own that does not retry. A refused call then shows its error
 * at once, instead of after a back-off that outlives the test.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * `node` inside the context the app's provider (app/provider.tsx) gives every screen: the
 * texts, and the server's cache when the test passes one. The order is the app's:
 * QueryClientProvider outside, I18nextProvider inside.
 */
export function withProviders(node: ReactNode, { i18n, queries }: { i18n: I18n; queries?: QueryClient }) {
  const translated = <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
  return queries ? <QueryClientProvider client={queries}>{translated}</QueryClientProvider> : translated;
}

/**
 * A React root in a new container for each test of the file (or `describe`) that calls this.
 * beforeEach appends a div to document.body and creates the root. afterEach unmounts it
 * inside act(), so effects' cleanups run, then removes the div. No test sees another's page.
 *
 * Vitest runs beforeEach hooks in the order they were registered and afterEach hooks in the
 * reverse order (its default `sequence.hooks: 'stack'`). So a file's own beforeEach
 * registered after this call finds the root there. A file's own afterEach registered before
 * this call runs after the root is unmounted.
 */
export function mountRoot() {
  let container: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    root = container = undefined;
  });
  const mounted = () => {
    if (!root || !container) throw new Error('mountRoot(): the root exists only while a test runs');
    return { root, container };
  };
  return {
    /** The test's container, in document.body. */
    get container(): HTMLDivElement {
      return mounted().container;
    },
    /**
     * Renders `node` into the root inside a synchronous act(): effects have run when it
     * returns, so a test can assert on the page straight after. It may be called inside an
     * `await act(async () => …)` of the test's own. A nested act() flushes nothing, and the
     * outer one flushes it all.
     */
    render(node: ReactNode): void {
      const { root } = mounted();
      act(() => root.render(node));
    },
    /** Unmounts the root (inside act()) and starts a new one in the same container. */
    remount(): void {
      const { root: old, container } = mounted();
      act(() => old.unmount());
      root = createRoot(container);
    },
    /** The element with `data-testid="<testId>"` in the container, or null. */
    $<E extends HTMLElement = HTMLElement>(testId: string): E | null {
      return mounted().container.querySelector<E>(`[data-testid="${testId}"]`);
    },
  };
}
