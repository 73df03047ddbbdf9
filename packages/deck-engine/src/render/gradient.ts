import type { Box } from '../layout/model.ts';

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

/**
 * A radial gradient's circle over a box: its centre at (`cx`, `cy`), fractions of the box, and
 * a radius reaching the farthest corner, so the last colour just fills the box's corners.
 */
export function gradientCircle(box: Box, cx: number, cy: number) {
  const x = box.x + box.w * cx;
  const y = box.y + box.h * cy;
  const r = Math.hypot(box.w * Math.max(cx, 1 - cx), box.h * Math.max(cy, 1 - cy));
  return { x, y, r };
}
