import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy-chunk.ts';

describe('loadChunk', () => {
  it('returns the module when it loads', async () => {
    await expect(loadChunk('dashboard', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it('names the chunk when the import fails', async () => {
    const failing = loadChunk('dashboard', () => Promise.reject(new TypeError('fetch failed')));
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failing).rejects.toThrow('Loading chunk dashboard failed');
  });

  it('gives up after the time-out', async () => {
    const never = loadChunk('admin', () => new Promise(() => {}), 20);
    await expect(never).rejects.toThrow('Loading chunk admin failed');
  });
});
