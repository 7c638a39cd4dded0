import type { DrawMethod } from '@pipwise/shared';
import type { DrawKind } from '../api/get-draw-symbols';

/**
 * Route state between a screen that opens the add-account form (/mine/withdraw-way) and
 * that form: the opener says where it is and which currency it was on; once an account is
 * saved, the form goes back there with the new account, which the withdraw form then
 * chooses. Route state, not the query: it is the app's own, and a shared link carries none.
 */

/** The state the add-account form is opened with. */
export interface BindOpening {
  /** The opener's path and query, where the form returns after saving. */
  back: string;
  /** The currency to start on (the one the withdraw form was on). */
  currencyId?: number;
}

/** The account just saved, as the opener gets it back. */
export interface BoundMethod {
  type: DrawKind;
  currencyId: number;
  methodId: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A path of this app ("/mine/withdraw"), never another site's ("//evil.example"). */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

export function bindOpeningState(opening: BindOpening): { bindOpening: BindOpening } {
  return { bindOpening: opening };
}

/** The opening the form was given, or null when it was opened without one (a link, a list). */
export function readBindOpening(state: unknown): BindOpening | null {
  if (!isRecord(state) || !isRecord(state.bindOpening)) return null;
  const { back, currencyId } = state.bindOpening;
  if (typeof back !== 'string' || !isAppPath(back)) return null;
  return { back, currencyId: typeof currencyId === 'number' ? currencyId : undefined };
}

export function boundMethodState(method: DrawMethod): { boundMethod: BoundMethod } {
  return {
    boundMethod: {
      type: method.type === 2 ? 2 : 1,
      currencyId: method.draw_currency.id,
      methodId: method.id,
    },
  };
}

/** The account the add-account form came back with, or null. */
export function readBoundMethod(state: unknown): BoundMethod | null {
  if (!isRecord(state) || !isRecord(state.boundMethod)) return null;
  const { type, currencyId, methodId } = state.boundMethod;
  if ((type !== 1 && type !== 2) || typeof currencyId !== 'number' || typeof methodId !== 'number')
    return null;
  return { type, currencyId, methodId };
}
