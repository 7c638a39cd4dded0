/**
 * antd-mobile 5 renders its imperative popups (Toast, Dialog.show) with React 18's
 * legacy render, which React 19 removed. This hands it a React 19 root instead.
 * It must run before anything calls Toast or Dialog: main.tsx imports it first.
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

type Container = Element & { _reactRoot?: ReturnType<typeof createRoot> };

unstableSetRender((node, container) => {
  const c = container as Container;
  c._reactRoot ||= createRoot(c);
  c._reactRoot.render(node);
  return async () => {
    // Unmounting synchronously inside React's own render would warn: wait a tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    c._reactRoot!.unmount();
  };
});
