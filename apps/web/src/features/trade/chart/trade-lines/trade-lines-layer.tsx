import type { Order, PriceAlert, QuoteLookup, TicketAccount, TicketInstrument } from '@pipwise/shared';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartLayer, type ChartLayerApi } from '../chart-layer';
import { watchPresses } from '../layer-kit/chart-presses';
import { attachPrimitive, inPriceBox, priceText } from '../layer-kit/chart-space';
import { pendingMoveFigures, stopMoveFigures, type StopMove } from './stop-move-figures';
import { tradeLinesOf } from './trade-line-model';
import { TradeLinesPrimitive } from './trade-lines-primitive';

const StopMoveSheet = lazy(() => import('./stop-move-sheet'));

/** How often the sheet's figures are priced again while it is open (the quotes move). */
const REPRICE_MS = 1_000;

export interface TradeLinesProps {
  /** The account's open positions and pending orders (every pair's: this pair's are drawn). */
  orders: readonly Order[];
  alerts: readonly PriceAlert[];
  /** The pair as the ticket's math takes it; null until the board is in. */
  instrument: TicketInstrument | null;
  /** The whole account, for the share of equity; null while it loads. */
  account: TicketAccount | null;
  /** The live quotes (read when the figures are priced). */
  quotes: QuoteLookup;
  symbol: string;
  /**
   * Sends the move (set_stop_price, or set_pending_price for a pending order's price); how it
   * ended: a refusal's reason is toasted by the call.
   */
  onConfirm: (move: StopMove) => Promise<'done' | 'failed' | 'ignored' | 'declined'>;
  sending: boolean;
}

/**
 * Trading from the chart (docs/chart.md "Trading from the chart"), a layer of the trade
 * screen's chart: the signed-in trader's open positions (entry, TP, SL), pending orders
 * (price, TP, SL) and armed price alerts on this pair as price lines. A take-profit, a
 * stop-loss or a pending order's price is dragged by its tag; let go, a sheet shows the new
 * level and the money it means, and Confirm sends it (`onConfirm`: set_stop_price or
 * set_pending_price). Cancel, or a refusal (its reason toasted), puts the line back. The screen composes the data (app/routes/trade-chart-layers.tsx).
 */
export default function TradeLinesLayer(props: TradeLinesProps) {
  const layer = useChartLayer();
  if (!layer) return null;
  return <TradeLines key={layer.pair.Id} layer={layer} {...props} />;
}

function TradeLines({
  layer,
  orders,
  alerts,
  instrument,
  account,
  quotes,
  symbol,
  onConfirm,
  sending,
}: TradeLinesProps & { layer: ChartLayerApi }) {
  const { t } = useTranslation();
  const { chart, series, element, pair } = layer;
  const claimTaps = useCallback(() => layer.claimTaps(), [layer]);
  const precision = pair.PricePrecision;
  const lines = useMemo(
    () =>
      tradeLinesOf({
        forexId: pair.Id,
        orders,
        alerts,
        t: (key, values) => (values ? t(key, values) : t(key)),
      }),
    [pair.Id, orders, alerts, t],
  );
  const [primitive] = useState(() => new TradeLinesPrimitive(precision));
  const [move, setMove] = useState<StopMove | null>(null);

  useEffect(() => attachPrimitive(series, primitive, element), [series, primitive, element]);
  useEffect(() => primitive.set(lines, precision), [primitive, lines, precision]);

  const latest = useRef({ series });
  useLayoutEffect(() => {
    latest.current = { series };
  });

  // A TP, SL or pending order's tag is dragged (the chart does not pan meanwhile); let go, it
  // asks to confirm.
  useEffect(
    () =>
      watchPresses(
        element,
        claimTaps,
        (point, pointer) => {
          if (!inPriceBox(chart, point.x, point.y)) return null;
          const line = primitive.grab(point.x, point.y, pointer);
          if (!line?.order || (line.kind !== 'tp' && line.kind !== 'sl' && line.kind !== 'pending'))
            return null;
          const { order, kind } = line;
          const priceAt = (y: number) => {
            const price = latest.current.series.coordinateToPrice(y);
            return price === null ? null : Number(priceText(price, precision));
          };
          let last: number | null = null;
          return {
            drag: {
              move(p) {
                last = priceAt(p.y);
                if (last !== null) primitive.hold(line.key, last);
              },
              end(_p, moved) {
                if (!moved || last === null || last === line.price) return primitive.hold(null);
                setMove({ order, kind, price: priceText(last, precision) });
              },
              cancel: () => primitive.hold(null),
            },
          };
        },
        // Before the drawings: a stop's tag over a drawing is the tag's.
        1,
      ),
    [element, claimTaps, chart, primitive, precision],
  );

  const settle = () => {
    setMove(null);
    primitive.hold(null);
  };
  const confirm = async () => {
    if (!move) return;
    // Done: the order lists carry the new level. Refused: its reason was toasted, and the
    // line goes back to where the order still has it.
    const outcome = await onConfirm(move);
    if (outcome === 'done' || outcome === 'failed') settle();
  };

  // The figures follow the quotes while the sheet is open.
  const [clock, setClock] = useState(0);
  useEffect(() => {
    if (!move) return;
    const timer = setInterval(() => setClock((c) => c + 1), REPRICE_MS);
    return () => clearInterval(timer);
  }, [move]);
  const figures = useMemo(
    () =>
      move && instrument
        ? move.kind === 'pending'
          ? pendingMoveFigures({ move, instrument, account, quotes })
          : stopMoveFigures({ move, instrument, account, quotes })
        : null,
    // clock: the moment to read the live quotes again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [move, instrument, account, quotes, clock],
  );

  return move ? (
    <Suspense fallback={null}>
      <StopMoveSheet
        move={move}
        figures={figures}
        symbol={symbol}
        precision={precision}
        sending={sending}
        onConfirm={() => void confirm()}
        onCancel={settle}
      />
    </Suspense>
  ) : null;
}
