/**
 * Presses on the chart that a layer handles itself (docs/chart.md "Drawings"): dragging a
 * drawing, a stop-loss's tag. The chart library reads touch and mouse events on elements
 * inside the chart's element; these listeners sit on that element in the capture phase, so
 * they hear a press first and, when a layer takes it, the library never sees it — the chart
 * neither pans nor reports a tap. A press no layer takes reaches the chart as before.
 */

/** A point in the chart element's own pixels (the price pane starts at its top-left). */
export interface ChartPoint {
  x: number;
  y: number;
}

/** A press a layer took: every move of the finger or mouse, then its end. */
export interface Drag {
  move(point: ChartPoint): void;
  /** `moved`: it travelled past a tap's few pixels. */
  end(point: ChartPoint, moved: boolean): void;
  /** Another finger came, the window lost the pointer: undo what the moves did. */
  cancel(): void;
}

/**
 * What a layer says of a press at a point: `drag` takes the whole gesture; `tap` lets the
 * chart have it too (a pan still pans) but, should it end as a tap, it is the layer's (a
 * point placed, a drawing selected) and the chart's tap offer stays away; null leaves it
 * alone. The layer tells taps apart itself: the chart takes a second tap within half a
 * second for half of a double tap and reports none.
 */
export type PressAnswer = { drag: Drag } | { tap: (point: ChartPoint) => void } | null;

/** How far a press may travel and still be a tap, px (the library's own threshold is close). */
const TAP_SLOP = 6;
/** How long the claim on taps lasts after the press ends: the chart reports its tap in that time. */
const HOLD_AFTER_MS = 400;
/** A press held longer is the chart's long tap (its crosshair), not a tap. */
const TAP_MAX_MS = 500;

/** How long after a touch the browser's made-up mouse events may come, ms. */
const TOUCH_MOUSE_MS = 1_000;

type OnPress = (point: ChartPoint, pointer: 'touch' | 'mouse') => PressAnswer;

/** The layers watching one chart element, highest priority first, and how to stop listening. */
interface Router {
  layers: { onPress: OnPress; priority: number }[];
  stop: () => void;
}
const routers = new WeakMap<HTMLElement, Router>();

/**
 * Watches presses on `element` for one layer; `onPress` decides per press. Every layer of a
 * chart shares one set of listeners: a press goes to the layers by `priority` (higher first)
 * and the first that answers has it (the orders' tags before the drawings: a stop-loss's tag
 * over a drawing is the tag's). `claimTaps` is the chart's (chart-layer.ts). Returns the
 * function that stops watching.
 */
export function watchPresses(
  element: HTMLElement,
  claimTaps: () => () => void,
  onPress: OnPress,
  priority = 0,
): () => void {
  let router = routers.get(element);
  if (!router) {
    const layers: Router['layers'] = [];
    const ask: OnPress = (point, pointer) => {
      for (const layer of layers) {
        const answer = layer.onPress(point, pointer);
        if (answer) return answer;
      }
      return null;
    };
    router = { layers, stop: listen(element, claimTaps, ask) };
    routers.set(element, router);
  }
  const mine = { onPress, priority };
  router.layers.push(mine);
  router.layers.sort((a, b) => b.priority - a.priority);
  const own = router;
  return () => {
    const i = own.layers.indexOf(mine);
    if (i >= 0) own.layers.splice(i, 1);
    if (own.layers.length === 0) {
      own.stop();
      routers.delete(element);
    }
  };
}

/** The element's listeners: each press asked of `onPress`, and followed when it answers. */
function listen(element: HTMLElement, claimTaps: () => () => void, onPress: OnPress): () => void {
  /** When the last touch began: mouse events soon after it are the browser's copies. */
  let lastTouchAt = Number.NEGATIVE_INFINITY;
  let active: {
    drag: Drag | null;
    tap: ((point: ChartPoint) => void) | null;
    start: ChartPoint;
    startedAt: number;
    moved: boolean;
    release: () => void;
    touchId: number | null;
  } | null = null;

  const local = (clientX: number, clientY: number): ChartPoint => {
    const r = element.getBoundingClientRect();
    return { x: clientX - r.left, y: clientY - r.top };
  };

  const begin = (event: Event, point: ChartPoint, pointer: 'touch' | 'mouse', touchId: number | null) => {
    if (active) return false;
    const answer = onPress(point, pointer);
    if (!answer) return false;
    active = {
      drag: 'drag' in answer ? answer.drag : null,
      tap: 'tap' in answer ? answer.tap : null,
      start: point,
      startedAt: event.timeStamp,
      moved: false,
      release: claimTaps(),
      touchId,
    };
    if (active.drag) {
      // The chart never hears of it: no pan, no crosshair, no tap.
      event.stopPropagation();
      if (event.cancelable) event.preventDefault();
    }
    return true;
  };

  const moveTo = (point: ChartPoint) => {
    if (!active) return;
    if (Math.hypot(point.x - active.start.x, point.y - active.start.y) > TAP_SLOP) active.moved = true;
    active.drag?.move(point);
  };

  const finish = (point: ChartPoint | null, at: number) => {
    if (!active) return;
    const { drag, tap, moved, release, startedAt } = active;
    active = null;
    stopFollowing();
    if (drag) {
      if (point) drag.end(point, moved);
      else drag.cancel();
    } else if (tap && point && !moved && at - startedAt <= TAP_MAX_MS) {
      tap(point);
    }
    setTimeout(release, HOLD_AFTER_MS);
  };

  // Touch: the first finger; a second one (a pinch) cancels a drag.
  const touchOf = (event: TouchEvent) =>
    active?.touchId === null
      ? undefined
      : [...event.changedTouches].find((t) => t.identifier === active?.touchId);
  const onTouchStart = (event: TouchEvent) => {
    lastTouchAt = event.timeStamp;
    if (active) {
      if (event.touches.length > 1) finish(null, event.timeStamp);
      return;
    }
    if (event.touches.length !== 1) return;
    const touch = event.touches[0]!;
    if (begin(event, local(touch.clientX, touch.clientY), 'touch', touch.identifier)) follow('touch');
  };
  const onTouchMove = (event: TouchEvent) => {
    const touch = touchOf(event);
    if (!touch || !active) return;
    if (active.drag) {
      event.stopPropagation();
      if (event.cancelable) event.preventDefault();
    }
    moveTo(local(touch.clientX, touch.clientY));
  };
  const onTouchEnd = (event: TouchEvent) => {
    const touch = touchOf(event);
    if (!touch || !active) return;
    if (active.drag) {
      event.stopPropagation();
      // No mouse events or click after a drag this layer handled.
      if (event.cancelable) event.preventDefault();
    }
    finish(event.type === 'touchcancel' ? null : local(touch.clientX, touch.clientY), event.timeStamp);
  };

  // Mouse: the main button; not the mouse events a browser makes up after a touch.
  const onMouseDown = (event: MouseEvent) => {
    if (event.button !== 0 || active || event.timeStamp - lastTouchAt < TOUCH_MOUSE_MS) return;
    if (begin(event, local(event.clientX, event.clientY), 'mouse', null)) follow('mouse');
  };
  const onMouseMove = (event: MouseEvent) => {
    if (!active || active.touchId !== null) return;
    if (active.drag) event.stopPropagation();
    moveTo(local(event.clientX, event.clientY));
  };
  const onMouseUp = (event: MouseEvent) => {
    if (!active || active.touchId !== null) return;
    if (active.drag) event.stopPropagation();
    finish(local(event.clientX, event.clientY), event.timeStamp);
  };
  const onBlur = () => finish(null, Number.POSITIVE_INFINITY);

  const capture = { capture: true, passive: false } as const;
  let following: 'touch' | 'mouse' | null = null;
  function follow(kind: 'touch' | 'mouse') {
    following = kind;
    if (kind === 'touch') {
      window.addEventListener('touchmove', onTouchMove, capture);
      window.addEventListener('touchend', onTouchEnd, capture);
      window.addEventListener('touchcancel', onTouchEnd, capture);
    } else {
      window.addEventListener('mousemove', onMouseMove, capture);
      window.addEventListener('mouseup', onMouseUp, capture);
    }
    window.addEventListener('blur', onBlur);
  }
  function stopFollowing() {
    if (following === 'touch') {
      window.removeEventListener('touchmove', onTouchMove, capture);
      window.removeEventListener('touchend', onTouchEnd, capture);
      window.removeEventListener('touchcancel', onTouchEnd, capture);
    } else if (following === 'mouse') {
      window.removeEventListener('mousemove', onMouseMove, capture);
      window.removeEventListener('mouseup', onMouseUp, capture);
    }
    window.removeEventListener('blur', onBlur);
    following = null;
  }

  element.addEventListener('touchstart', onTouchStart, capture);
  element.addEventListener('mousedown', onMouseDown, capture);
  return () => {
    element.removeEventListener('touchstart', onTouchStart, capture);
    element.removeEventListener('mousedown', onMouseDown, capture);
    if (active) finish(null, Number.POSITIVE_INFINITY);
  };
}
