import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckDraftSchema, type DeckDraft } from '@deck-portal/domain';
import { createRenderProcess, idleScheduler, type RenderProcess } from '../src/render-process.ts';

// The render process (ADR 076): the web process's deck renderer, its pool in a child process
// whose threads are all background work.

const draft: DeckDraft = deckDraftSchema.parse({
  basicInfo: { deckTitle: 'Render Process', clientName: 'Harbour Foods', date: '2026-12-01' },
  productSelection: {
    selectedProducts: [{ id: 'data_logger', quantity: 40 }],
    includePricing: true,
  },
  templateCustomization: { selectedSlides: ['title', 'product-data-logger', 'thank-you'] },
});

/** The child processes of this process, by pid. */
function children(): number[] {
  return readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

/** The scheduling policy and nice value of every thread of `pid` (from /proc: 5 is SCHED_IDLE). */
function threadsOf(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: field 19 (nice) is index 16, field 41 (policy) index 38.
    return { nice: Number(fields[16]), policy: Number(fields[38]) };
  });
}

const isLinux = process.platform === 'linux';
let renderer: RenderProcess;
let before: number[];

beforeAll(() => {
  before = isLinux ? children() : [];
  renderer = createRenderProcess({ niceness: 19, maxThreads: 1 });
});

afterAll(async () => {
  await renderer.close();
});

describe('createRenderProcess', () => {
  it('draws a deck in a child process and tells its progress', async () => {
    const stages: string[] = [];
    const generating = renderer.generate(draft, {
      onProgress: ({ stage }) => stages.push(stage),
    });
    expect(renderer.pending).toBe(1);
    const deck = await generating;
    expect(renderer.pending).toBe(0);
    expect(Buffer.isBuffer(deck.pptx)).toBe(true);
    expect(deck.pptx.subarray(0, 2).toString()).toBe('PK');
    expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(deck.svgs.length).toBe(deck.slideTitles.length);
    expect(deck.svgs.length).toBeGreaterThanOrEqual(3);
    expect(deck.svgs.join('')).toContain('Harbour');
    expect(stages).toEqual(expect.arrayContaining(['layout', 'pptx', 'web']));
  });

  it.runIf(isLinux)('runs every thread of that process as background work', async () => {
    await renderer.warmedUp;
    const [host] = children().filter((pid) => !before.includes(pid));
    expect(host).toBeDefined();
    const threads = threadsOf(host!);
    // Node's own threads, libuv's pool, the render thread: all of them.
    expect(threads.length).toBeGreaterThan(5);
    for (const thread of threads) {
      expect(thread.nice).toBe(19);
      if (idleScheduler()) expect(thread.policy).toBe(5);
    }
    // This process's threads keep the server's priority.
    for (const thread of threadsOf(process.pid)) expect(thread.policy).toBe(0);
  });

  it('answers a failed task with its error, and goes on', async () => {
    await expect(
      renderer.acceptedPdf(new Uint8Array([1, 2, 3]), {
        acceptedAt: '2026-12-01T10:00:00.000Z',
      } as never),
    ).rejects.toBeInstanceOf(Error);
    const deck = await renderer.generate(draft);
    expect(deck.svgs.length).toBe(deck.slideTitles.length);
  });

  it.runIf(isLinux)(
    'fails the calls under way when the process dies, and starts a new one',
    async () => {
      const generating = renderer.generate(draft);
      const [host] = children().filter((pid) => !before.includes(pid));
      process.kill(host!, 'SIGKILL');
      await expect(generating).rejects.toThrow(/render process ended/);
      expect(renderer.pending).toBe(0);
      const deck = await renderer.generate(draft);
      expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const after = children().filter((pid) => !before.includes(pid));
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(host);
    },
  );

  it('ends its process on close', async () => {
    const own = createRenderProcess({ niceness: 0, maxThreads: 1 });
    await own.generate(draft);
    const hosts = isLinux ? children().filter((pid) => !before.includes(pid)) : [];
    await own.close();
    if (isLinux)
      expect(children().filter((pid) => !before.includes(pid))).toHaveLength(hosts.length - 1);
  });
});
