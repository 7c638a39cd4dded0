/**
 * A small rounded tag with a text, drawn on a primitive's canvas (media pixels): the
 * trade lines' "TP", "SL", "Buy 0.10" and the Fibonacci levels' ratios.
 */
export const LABEL_FONT = '600 10px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const LABEL_HEIGHT = 16;
const PAD_X = 5;

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The width a tag needs for `text` (with room for an icon of `icon` px before it). */
export function labelWidth(ctx: CanvasRenderingContext2D, text: string, icon = 0): number {
  ctx.font = LABEL_FONT;
  return Math.ceil(ctx.measureText(text).width) + PAD_X * 2 + (icon > 0 ? icon + (text ? 3 : 0) : 0);
}

/** Draws a tag whose right edge is at `right`, centred on `y`; its box. */
export function drawLabel(
  ctx: CanvasRenderingContext2D,
  o: { right: number; y: number; text: string; fill: string; color: string; border?: string; icon?: number },
): LabelBox {
  const width = labelWidth(ctx, o.text, o.icon ?? 0);
  const box = { x: o.right - width, y: o.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT };
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, 4);
  ctx.fillStyle = o.fill;
  ctx.fill();
  if (o.border) {
    ctx.strokeStyle = o.border;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  ctx.font = LABEL_FONT;
  ctx.fillStyle = o.color;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(o.text, box.x + PAD_X + (o.icon ? o.icon + (o.text ? 3 : 0) : 0), o.y + 0.5);
  return box;
}

/** A bell (a price alert's mark), `size` px, its top-left at (x, y). */
export function drawBell(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  size: number,
  color: string,
): void {
  const s = size / 12;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s, s);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(6, 1);
  ctx.bezierCurveTo(3.6, 1, 2.5, 2.9, 2.5, 5);
  ctx.lineTo(2.5, 7.6);
  ctx.lineTo(1.2, 9.2);
  ctx.lineTo(10.8, 9.2);
  ctx.lineTo(9.5, 7.6);
  ctx.lineTo(9.5, 5);
  ctx.bezierCurveTo(9.5, 2.9, 8.4, 1, 6, 1);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(6, 10.2, 1.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
