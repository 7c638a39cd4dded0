import type { DrawMethod } from '@pipwise/shared';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '@/config/routes';
import type { DrawKind } from '../api/get-draw-symbols';
import { boundMethodState, readBindOpening } from '../utils/bind-return';

/**
 * Where /mine/withdraw-way goes once an account is saved (utils/bind-return.ts): back to the
 * screen that opened it with the new account (the withdraw form chooses it), else back in
 * the history (a list, the wallet), or to the list of that type when opened directly.
 */
export function useBindReturn(type: DrawKind) {
  const navigate = useNavigate();
  const opening = readBindOpening(useLocation().state);
  const list = type === 1 ? ROUTES.coinAddressList.path : ROUTES.bankCardList.path;
  const done = (method: DrawMethod) => {
    if (opening) {
      // The form's entry becomes the opener's: "back" from there is not the form again.
      void navigate(opening.back, { replace: true, state: boundMethodState(method) });
      return;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(list, { replace: true });
  };
  // "Back" on a form opened with no history behind it goes where saving would.
  return { currencyId: opening?.currencyId, fallback: opening?.back ?? list, done };
}
