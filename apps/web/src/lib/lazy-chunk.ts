/** SPEC.md section 9: a script chunk that has not arrived after 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly chunk: string) {
    super(`Loading chunk ${chunk} failed`);
  }
}

/** Loads a route's module, turning a network failure or a time-out into a ChunkLoadError. */
export async function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs = chunkLoadTimeoutMs,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk);
  } finally {
    clearTimeout(timer);
  }
}
