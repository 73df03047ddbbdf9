import { Piscina } from 'piscina';

/** Byte arrays of this size or more are moved between threads rather than copied. */
const MOVED_FROM_BYTES = 64 * 1024;

/**
 * The memory of each byte array in `arrays` that fills it alone, once each: what can be moved to
 * another thread (its views here then empty) rather than copied. Small arrays are left to be
 * copied: Node keeps many small Buffers in one shared block, which must never be moved.
 */
export function movableMemory(arrays: Iterable<Uint8Array>): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  for (const bytes of arrays) {
    const memory = bytes.buffer;
    if (
      memory instanceof ArrayBuffer &&
      bytes.byteOffset === 0 &&
      bytes.byteLength === memory.byteLength &&
      memory.byteLength >= MOVED_FROM_BYTES
    ) {
      found.add(memory);
    }
  }
  return [...found];
}

/**
 * A pool task's answer whose large byte arrays move to the calling thread rather than being
 * copied (a read presentation's photos, its slides' drawings): the worker must not use them after.
 */
export function answerMoving<T>(value: T, arrays: Iterable<Uint8Array>): T {
  const movable = {
    [Piscina.transferableSymbol]: movableMemory(arrays),
    [Piscina.valueSymbol]: value,
  };
  return Piscina.move(movable as never) as unknown as T;
}
