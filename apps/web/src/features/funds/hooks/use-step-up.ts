import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A step-up asked for from inside a submission (docs/passkeys.md "Step-up before a
 * withdrawal"): `ask()` opens the sheet and resolves true once the trader proved it is them,
 * false when they closed it. The submission's gate stays locked meanwhile, so the withdrawal
 * is sent again with the same key, once.
 */
export function useStepUp() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((proven: boolean) => void) | null>(null);

  const settle = useCallback((proven: boolean) => {
    pending.current?.(proven);
    pending.current = null;
    setOpen(false);
  }, []);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  // A screen left with the sheet open: the submission ends as declined.
  useEffect(() => () => pending.current?.(false), []);

  return {
    ask,
    open,
    onProven: useCallback(() => settle(true), [settle]),
    onClose: useCallback(() => settle(false), [settle]),
  };
}
