import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * An event handler that stays the same function from render to render yet runs the newest
 * render's code: a memoised child (React.memo) given it keeps skipping its renders while
 * the handler reads state that moves with every quote, as the order form's do
 * (docs/benchmarks.md "Live rendering"). For event handlers only: called during a render,
 * it would run the previous render's code.
 */
export function useStableCallback<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
