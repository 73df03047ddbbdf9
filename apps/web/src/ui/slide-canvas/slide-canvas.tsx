import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import Moveable from 'react-moveable';
import { boxOf, describeElement, withBox } from '../../lib/slide-document/element-boxes.ts';
import type { StudioElement } from '../../lib/slide-document/studio-commands.ts';
import classes from './slide-canvas.module.css';

/** The slide's size in points (16:9), as the engine lays it out. */
export const SLIDE_SIZE = { w: 960, h: 540 } as const;
/** The grid elements snap to, in points. */
const GRID = 8;
/** A dragged box snaps by its edges and its centre lines, to the grid and to the other boxes. */
const snapToAllSides = {
  top: true,
  left: true,
  bottom: true,
  right: true,
  center: true,
  middle: true,
};

/**
 * The slide at its real proportions: the engine's drawing of the document under a layer of
 * boxes, one per element that has a place. A selected box moves and resizes with the mouse
 * (snapping to the grid and to the other elements) and with the arrow keys (Shift: 10 points).
 * A drag or a resize is one gesture, from pointer down to pointer up.
 */
export function SlideCanvas({
  svg,
  elements,
  selected,
  onSelect,
  onMove,
  onResize,
  onGestureStart,
  onGestureEnd,
}: {
  svg: string | undefined;
  elements: readonly StudioElement[];
  /** The selected element's id. */
  selected: string | undefined;
  onSelect: (id: string | undefined) => void;
  /** Elements moved by (dx, dy) points. */
  onMove: (ids: readonly string[], dx: number, dy: number) => void;
  onResize: (id: string, element: StudioElement) => void;
  onGestureStart: () => void;
  onGestureEnd: () => void;
}) {
  const { ref: frame, width } = useElementSize<HTMLDivElement>();
  const scale = width > 0 ? width / SLIDE_SIZE.w : 0;
  const boxes = useRef(new Map<string, HTMLDivElement>());
  const moveable = useRef<Moveable>(null);
  const [target, setTarget] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    setTarget(selected === undefined ? null : (boxes.current.get(selected) ?? null));
  }, [selected, elements, scale]);
  useEffect(() => {
    moveable.current?.updateRect();
  }, [elements, scale, target]);

  /** How far the selected box was moved and what size it has, in pixels, while it changes. */
  const gesture = useRef<{ dx: number; dy: number; w?: number; h?: number } | null>(null);

  /** Where a dragged or resized box ended, in slide points. */
  const commit = (id: string, element: HTMLElement) => {
    const moved = gesture.current;
    gesture.current = null;
    element.style.transform = '';
    const original = elements.find((e) => e.id === id);
    const box = original && boxOf(original);
    if (!moved || !original || !box || scale === 0) return;
    if (moved.w === undefined || moved.h === undefined) {
      onMove([id], moved.dx / scale, moved.dy / scale);
      return;
    }
    onResize(
      id,
      withBox(original, {
        x: box.x + moved.dx / scale,
        y: box.y + moved.dy / scale,
        w: moved.w / scale,
        h: moved.h / scale,
      }) as StudioElement,
    );
  };

  return (
    <div
      ref={frame}
      role="group"
      aria-label="Slide canvas"
      className={classes.frame}
      style={{ aspectRatio: `${SLIDE_SIZE.w} / ${SLIDE_SIZE.h}` }}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget || event.target instanceof HTMLImageElement) {
          onSelect(undefined);
        }
      }}
    >
      {svg ? (
        <img
          className={classes.drawing}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="The slide as it will look"
        />
      ) : null}
      {scale > 0 &&
        elements.map((element) => {
          const box = boxOf(element);
          if (!box) return null;
          const label = describeElement(element);
          const { id } = element;
          return (
            <div
              key={id}
              ref={(node) => {
                if (node) boxes.current.set(id, node);
                else boxes.current.delete(id);
              }}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={selected === id}
              title={label}
              className={classes.box}
              data-selected={selected === id || undefined}
              style={{
                left: box.x * scale,
                top: box.y * scale,
                width: Math.max(box.w * scale, 4),
                height: Math.max(box.h * scale, 4),
              }}
              onPointerDown={() => onSelect(id)}
              onFocus={() => onSelect(id)}
              onKeyDown={(event) => {
                const step = event.shiftKey ? 10 : 1;
                const moves: Record<string, [number, number]> = {
                  ArrowLeft: [-step, 0],
                  ArrowRight: [step, 0],
                  ArrowUp: [0, -step],
                  ArrowDown: [0, step],
                };
                const move = moves[event.key];
                if (!move) return;
                event.preventDefault();
                onMove([id], move[0], move[1]);
              }}
            />
          );
        })}
      {target && selected !== undefined && (
        <Moveable
          ref={moveable}
          target={target}
          draggable
          // A repeat's copies are as big as its elements: it only moves.
          resizable={elements.find((e) => e.id === selected)?.kind !== 'repeat'}
          snappable
          snapGridWidth={GRID * scale}
          snapGridHeight={GRID * scale}
          snapThreshold={6}
          snapDirections={snapToAllSides}
          elementSnapDirections={snapToAllSides}
          elementGuidelines={[...boxes.current.entries()]
            .filter(([id]) => id !== selected)
            .map(([, node]) => node)}
          origin={false}
          onDragStart={onGestureStart}
          onDrag={({ target: moved, transform, beforeTranslate }) => {
            moved.style.transform = transform;
            gesture.current = { dx: beforeTranslate[0]!, dy: beforeTranslate[1]! };
          }}
          onDragEnd={({ target: moved, isDrag }) => {
            if (isDrag) commit(selected, moved as HTMLElement);
            onGestureEnd();
          }}
          onResizeStart={onGestureStart}
          onResize={({ target: resized, width: w, height: h, drag }) => {
            resized.style.width = `${w}px`;
            resized.style.height = `${h}px`;
            resized.style.transform = drag.transform;
            gesture.current = {
              dx: drag.beforeTranslate[0]!,
              dy: drag.beforeTranslate[1]!,
              w,
              h,
            };
          }}
          onResizeEnd={({ target: resized, isDrag }) => {
            if (isDrag) commit(selected, resized as HTMLElement);
            onGestureEnd();
          }}
        />
      )}
    </div>
  );
}
