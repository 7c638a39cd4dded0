import {
  DRAWING_COLORS,
  DRAWING_KINDS,
  DRAWING_POINTS,
  type Drawing,
  type DrawingColor,
  type DrawingKind,
} from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CloseOutline, DeleteOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartLayer, type ChartLayerApi } from '../chart-layer';
import { watchPresses, type ChartPoint, type Drag } from '../layer-kit/chart-presses';
import { attachPrimitive, indexScaleOf, inPriceBox, priceText } from '../layer-kit/chart-space';
import { logicalOfX } from '../layer-kit/time-axis';
import { DRAWING_SHADES } from './drawing-colors';
import type { DrawingHit } from './drawing-geometry';
import { movedPoints, placedPoint, type ChartPricePoint, type ScalePoint } from './drawing-moves';
import { DrawingPrimitive, type ShownDrawing } from './drawing-primitive';
import { deleteDrawing, saveDrawing, useDrawings, type DrawingInput } from './drawings-api';
import { Swatch, ToolIcon } from './tool-icons';
import styles from './drawing-layer.module.css';

interface Props {
  /** Signed out, the tools ask to log in first (drawings are kept per trader). */
  loggedIn: boolean;
  onLogin: () => void;
}

/** How close a press must come to a line, px: a fingertip, or a mouse pointer. */
const TOLERANCE = { touch: 14, mouse: 6 } as const;

/**
 * The chart's drawings (docs/chart.md "Drawings"), a layer of the trade screen's chart: a
 * small stack of tools over its left edge — horizontal line, trend line, Fibonacci
 * retracement —, placed by tapping one or two points, selected by a tap, moved by dragging
 * the line or one of its points, recoloured or deleted from the bar the selection shows.
 * Kept on the server per trader and instrument.
 */
export default function DrawingLayer({ loggedIn, onLogin }: Props) {
  const layer = useChartLayer();
  if (!layer) return null;
  // A fresh layer per pair: a tool picked or a drawing selected belongs to the chart it was on.
  return <Drawings key={layer.pair.Id} layer={layer} loggedIn={loggedIn} onLogin={onLogin} />;
}

const toShown = (d: Drawing): ShownDrawing => ({
  key: String(d.id),
  kind: d.kind,
  points: d.points.map((p) => ({ time: p.time, price: Number(p.price) })),
  color: d.style.color,
});

function Drawings({ layer, loggedIn, onLogin }: Props & { layer: ChartLayerApi }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { chart, series, element, pair, period } = layer;
  const claimTaps = useCallback(() => layer.claimTaps(), [layer]);
  const precision = pair.PricePrecision;
  const list = useDrawings(pair.Id, loggedIn);
  const drawings = useMemo(() => (loggedIn ? (list.data?.data ?? []) : []), [loggedIn, list.data]);
  const [tool, setTool] = useState<DrawingKind | null>(null);
  /** The first point of a two-point drawing being placed. */
  const [draft, setDraft] = useState<ChartPricePoint | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = drawings.find((d) => d.id === selectedId) ?? null;
  const [primitive] = useState(() => new DrawingPrimitive(period, precision));

  // On the price series, whichever the chart type draws: attached again when it changes.
  useEffect(() => attachPrimitive(series, primitive, element), [series, primitive, element]);

  useEffect(() => {
    const shown = drawings.map(toShown);
    if (tool && draft) shown.push({ key: 'draft', kind: tool, points: [draft], color: 'blue' });
    primitive.set(shown, selected ? String(selected.id) : null, period, precision);
  }, [drawings, tool, draft, selected, period, precision, primitive]);

  // While a tool is picked or a drawing selected, a tap is this layer's: no alert offer.
  const engaged = tool !== null || selected !== null;
  useEffect(() => (engaged ? claimTaps() : undefined), [engaged, claimTaps]);

  /** What the chart's handlers read: the newest render's state. */
  const now = useRef<{
    tool: DrawingKind | null;
    draft: ChartPricePoint | null;
    selected: Drawing | null;
    drawings: readonly Drawing[];
    series: ChartLayerApi['series'];
  }>({ tool, draft, selected, drawings, series });
  useLayoutEffect(() => {
    now.current = { ...now.current, tool, draft, selected, drawings, series };
  });

  /** A press or a tap as the scales read it: a fractional bar index and a price. */
  const scalePoint = (p: ChartPoint): ScalePoint | null => {
    const logical = logicalOfX(indexScaleOf(chart), p.x);
    const price = now.current.series.coordinateToPrice(p.y);
    return logical === null || price === null ? null : { logical, price };
  };

  const save = async (input: Omit<DrawingInput, 'forex_id'>): Promise<Drawing | null> => {
    try {
      return await saveDrawing(queryClient, { ...input, forex_id: pair.Id });
    } catch {
      return null; // refused (the limit, a bad point): the api client said why
    }
  };

  const place = async (at: ChartPoint) => {
    const { tool: kind, draft: first } = now.current;
    const axis = primitive.timeAxis();
    const scaled = scalePoint(at);
    if (!kind || !axis || !scaled) return;
    const point = placedPoint(axis, scaled, precision);
    if (!point) return;
    if (DRAWING_POINTS[kind] === 2 && !first) return setDraft(point);
    const points = first ? [first, point] : [point];
    // The same point twice is no line: the second tap waits for another place.
    if (first && first.time === point.time && first.price === point.price) return;
    setTool(null);
    setDraft(null);
    const saved = await save({
      kind,
      points: points.map((p) => ({ time: p.time, price: priceText(p.price, precision) })),
      style: { color: 'blue' },
    });
    if (saved) setSelectedId(saved.id);
  };

  /** Dragging the selected drawing by its line or a point; saved when let go. */
  const dragOf = (hit: DrawingHit, start: ChartPoint): Drag | null => {
    const drawing = now.current.drawings.find((d) => String(d.id) === hit.key);
    const original = primitive.points(hit.key);
    const axis = primitive.timeAxis();
    const from = scalePoint(start);
    if (!drawing || !original || !axis || !from) return null;
    let last = original;
    const back = () => primitive.move(hit.key, original);
    return {
      move(p) {
        const to = scalePoint(p);
        if (!to) return;
        last = movedPoints(
          { kind: drawing.kind, points: original, part: hit.part, axis, precision },
          from,
          to,
        );
        primitive.move(hit.key, last);
      },
      end(_p, moved) {
        if (!moved) return back();
        void save({
          id: drawing.id,
          kind: drawing.kind,
          points: last.map((p) => ({ time: p.time, price: priceText(p.price, precision) })),
          style: drawing.style,
        }).then((saved) => {
          if (!saved) back();
        });
      },
      cancel: back,
    };
  };

  // Presses: with a tool picked, a tap places a point; the selected drawing is dragged (the
  // chart does not pan); a tap on another one selects it, a tap elsewhere lets it go. A press
  // that moves is the chart's pan.
  useEffect(
    () =>
      watchPresses(element, claimTaps, (point, pointer) => {
        if (!inPriceBox(chart, point.x, point.y)) return null;
        const { tool: picked, selected: current } = now.current;
        if (picked) return { tap: (at) => void place(at) };
        const hit = primitive.hit(point.x, point.y, TOLERANCE[pointer]);
        if (hit && hit.key !== 'draft' && hit.key === String(current?.id)) {
          const drag = dragOf(hit, point);
          return drag ? { drag } : null;
        }
        if (hit && hit.key !== 'draft') return { tap: () => setSelectedId(Number(hit.key)) };
        return current ? { tap: () => setSelectedId(null) } : null;
      }),
    // place and dragOf read the newest state through `now`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [element, claimTaps, chart, primitive],
  );

  const pick = (kind: DrawingKind) => {
    if (!loggedIn) return onLogin();
    setDraft(null);
    setSelectedId(null);
    setTool((current) => (current === kind ? null : kind));
  };
  const stopPlacing = () => {
    setTool(null);
    setDraft(null);
  };
  const recolour = (drawing: Drawing) => {
    const next: DrawingColor =
      DRAWING_COLORS[(DRAWING_COLORS.indexOf(drawing.style.color) + 1) % DRAWING_COLORS.length]!;
    void save({ id: drawing.id, kind: drawing.kind, points: drawing.points, style: { color: next } });
  };
  const remove = (drawing: Drawing) => {
    setSelectedId(null);
    deleteDrawing(queryClient, drawing).catch(() => undefined);
  };

  const hint = tool
    ? t(
        DRAWING_POINTS[tool] === 1
          ? 'drawings.place_one'
          : draft
            ? 'drawings.place_second'
            : 'drawings.place_first',
      )
    : null;
  return (
    <>
      <div
        className={styles.stack}
        role="toolbar"
        aria-orientation="vertical"
        aria-label={t('drawings.tools')}
        data-testid="drawing-tools"
        data-count={drawings.length}
        data-loaded={!loggedIn || list.isSuccess}
      >
        {DRAWING_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={styles.tool}
            aria-pressed={tool === kind}
            aria-label={t(`drawings.${kind}`)}
            title={t(`drawings.${kind}`)}
            onClick={() => pick(kind)}
            data-testid="drawing-tool"
            data-kind={kind}
          >
            <ToolIcon kind={kind} />
          </button>
        ))}
      </div>
      {hint ? (
        <div className={styles.bar} data-testid="drawing-hint" data-step={draft ? 2 : 1} role="status">
          <span className={styles.text}>{hint}</span>
          <button
            type="button"
            className={styles.action}
            aria-label={t('common.cancel')}
            onClick={stopPlacing}
          >
            <CloseOutline aria-hidden />
          </button>
        </div>
      ) : selected ? (
        <div
          className={styles.bar}
          data-testid="drawing-actions"
          data-id={selected.id}
          data-kind={selected.kind}
        >
          <span className={styles.text}>{t('drawings.move_hint')}</span>
          <button
            type="button"
            className={styles.action}
            aria-label={t('drawings.color')}
            title={t('drawings.color')}
            onClick={() => recolour(selected)}
            data-testid="drawing-color"
            data-color={selected.style.color}
          >
            <Swatch color={DRAWING_SHADES[selected.style.color]} />
          </button>
          <button
            type="button"
            className={`${styles.action} ${styles.danger}`}
            aria-label={t('drawings.delete')}
            title={t('drawings.delete')}
            onClick={() => remove(selected)}
            data-testid="drawing-delete"
          >
            <DeleteOutline aria-hidden />
          </button>
        </div>
      ) : null}
    </>
  );
}
