import type { CSSProperties } from 'react';
import styles from './skeleton-block.module.css';

/**
 * One placeholder shape of a loading screen (the trade screen, order lists, a page still
 * downloading). Sizes come from the caller: a class, or width/height/radius here.
 */
export function SkeletonBlock({
  className = '',
  width,
  height,
  radius,
}: {
  className?: string;
  width?: number | string;
  height?: number | string;
  radius?: number | string;
}) {
  const style: CSSProperties = {};
  if (width !== undefined) style.inlineSize = width;
  if (height !== undefined) style.blockSize = height;
  if (radius !== undefined) style.borderRadius = radius;
  return <span className={`${styles.block} ${className}`} style={style} aria-hidden />;
}
