import type { Box, ShapeElement } from '../layout/model.ts';

/**
 * Where a linear gradient at `angle` degrees (clockwise from left-to-right) starts and ends over
 * a box: the line through its centre, long enough that its first and last colours reach the
 * box's corners, as PowerPoint draws it.
 */
export function gradientLine(box: Box, angle: number) {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians);
  const dy = Math.sin(radians);
  const half = (Math.abs(box.w * dx) + Math.abs(box.h * dy)) / 2;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half };
}

export type Gradient = NonNullable<ShapeElement['gradient']>;
