import { type Dec } from './decimal.js';
import { type Lots } from './units.js';
import { finite, positive } from './validate.js';

// Lot rules of docs/product.md §5: the step is the pair's `Pip`, the minimum its `ForexMinCont`.
// All exact: 0.3 is a multiple of 0.1 here, unlike 0.3 % 0.1 on floats. Lots, step and min
// are all volumes in lots (`Lots`, or a `Dec` computed from them).

/** true when lots is a whole number of steps: lots mod step = 0 (exact decimal modulo). */
export function isLotMultiple({ lots, step }: { lots: Lots | Dec; step: Lots | Dec }): boolean {
  return finite('lots', lots).mod(positive('step', step)).isZero();
}

/** true when lots ≥ min. */
export function isAtLeastMin({ lots, min }: { lots: Lots | Dec; min: Lots | Dec }): boolean {
  return finite('lots', lots).gte(finite('min', min));
}

/** Why a lot size cannot be ordered, or null when it can: > 0, ≥ min, a multiple of step. */
export type LotsProblem = 'not_positive' | 'below_min' | 'not_multiple';

/** Checks, in order: lots > 0, lots ≥ min, lots mod step = 0; the first that fails, or null. */
export function lotsProblem({
  lots,
  step,
  min,
}: {
  lots: Lots | Dec;
  step: Lots | Dec;
  min: Lots | Dec;
}): LotsProblem | null {
  if (!finite('lots', lots).gt(0)) return 'not_positive';
  if (!isAtLeastMin({ lots, min })) return 'below_min';
  if (!isLotMultiple({ lots, step })) return 'not_multiple';
  return null;
}

/**
 * The stepper's plus: the next multiple of step above lots, floor(lots / step) × step + step.
 * On the grid that is lots + step; off it (0.015, step 0.01) it snaps to 0.02.
 */
export function nextLots({ lots, step }: { lots: Lots | Dec; step: Lots | Dec }): Dec {
  const s = positive('step', step);
  return finite('lots', lots).div(s).floor().plus(1).mul(s);
}

/**
 * The stepper's minus: the next multiple of step below lots, ceil(lots / step) × step − step,
 * or null when that is ≤ 0 (the minus is disabled). On the grid that is lots − step, so the
 * minus is disabled exactly when lots − step ≤ 0 (docs/product.md §5).
 */
export function prevLots({ lots, step }: { lots: Lots | Dec; step: Lots | Dec }): Dec | null {
  const s = positive('step', step);
  const prev = finite('lots', lots).div(s).ceil().minus(1).mul(s);
  return prev.gt(0) ? prev : null;
}

/** Whether the stepper's minus is enabled: lots − step > 0 (docs/product.md §5). */
export function canDecreaseLots({ lots, step }: { lots: Lots | Dec; step: Lots | Dec }): boolean {
  return finite('lots', lots).minus(positive('step', step)).gt(0);
}
