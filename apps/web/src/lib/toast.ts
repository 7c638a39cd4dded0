import type { Toast } from './antd-toast';

/**
 * The api client's toasts, loaded on first use: antd-mobile's Toast brings its mask and
 * the whole animation runtime (@react-spring, ~25 KB compressed), which the first screen
 * never shows. `preloadToast` fetches it once the page is idle, so a later toast is
 * instant; until then the first one waits for its chunk.
 */
type ToastApi = typeof Toast;

let toastModule: Promise<ToastApi> | null = null;

function loadToast(): Promise<ToastApi> {
  toastModule ??= import('./antd-toast').then((m) => m.Toast);
  // A failed chunk is forgotten, so the next toast tries again.
  toastModule.catch(() => (toastModule = null));
  return toastModule;
}

export function preloadToast(): void {
  loadToast().catch(() => undefined);
}

export function showToast(content: string): void {
  loadToast()
    .then((Toast) => Toast.show({ content }))
    .catch(() => console.warn(content));
}

/**
 * The blocking spinner (docs/product.md §9: no time limit, blocks clicks until the answer).
 * Closing before the chunk has arrived means it never shows.
 */
export function showLoadingToast(content: string): { close: () => void } {
  let closed = false;
  let handler: { close: () => void } | null = null;
  loadToast()
    .then((Toast) => {
      if (closed) return;
      handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
    })
    .catch(() => undefined);
  return {
    close() {
      closed = true;
      handler?.close();
    },
  };
}
