import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { createDeckRenderer } from './deck-renderer.ts';

// Render threads are background work (ADR 065): each lowers its own nice value as it starts
// (per thread on Linux), and the thread that made the pool keeps its own. Read back from the
// kernel, thread by thread.

/** The nice value of each thread of this process, by thread id. */
function threadNiceness(): Map<string, number> {
  const nice = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command's closing bracket: state is field 3, nice field 19.
      nice.set(tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nice;
}

const draft = deckDraftSchema.parse({
  basicInfo: { deckTitle: 'Priority', clientName: 'Nice Foods', date: '2026-05-01' },
  productSelection: {
    selectedProducts: [{ id: 'data_logger', quantity: 10, customPricing: 29.99 }],
    includePricing: true,
  },
  templateCustomization: { selectedSlides: ['title', 'product-data-logger', 'thank-you'] },
});

/** A deck drawn by a pool of one thread at `niceness`, and the threads' nice values meanwhile. */
async function renderAt(niceness: number | undefined) {
  const before = threadNiceness();
  const pool = createDeckRenderer({
    maxThreads: 1,
    minThreads: 1,
    ...(niceness === undefined ? {} : { niceness }),
  });
  try {
    expect(await pool.warmedUp).toBe(true);
    const deck = await pool.generate(draft);
    const during = threadNiceness();
    // The pool's threads (and the helper threads each started): those not there before.
    const poolThreads = [...during].filter(([tid]) => !before.has(tid)).map(([, n]) => n);
    return { deck, poolThreads, mainThread: during.get(String(process.pid)) };
  } finally {
    await pool.close();
  }
}

describe.skipIf(process.platform !== 'linux' || getPriority() !== 0)(
  'render threads at a lower priority',
  () => {
    it('run at nice 19 by default, at the value asked for, or at the process’s with 0; the deck is the same', async () => {
      const lowered = await renderAt(undefined);
      // The render thread itself: at least one new thread at nice 19, none above the caller's.
      expect(lowered.poolThreads).toContain(19);
      expect(lowered.mainThread).toBe(0);
      expect(getPriority()).toBe(0);

      const asked = await renderAt(5);
      expect(asked.poolThreads).toContain(5);
      expect(asked.poolThreads).not.toContain(19);

      const off = await renderAt(0);
      expect(off.poolThreads.length).toBeGreaterThan(0);
      expect(off.poolThreads.every((n) => n === 0)).toBe(true);

      // The same slides, whatever the priority.
      expect(lowered.deck.svgs.length).toBeGreaterThanOrEqual(3);
      expect(lowered.deck.svgs).toEqual(off.deck.svgs);
      expect(lowered.deck.slideTitles).toEqual(off.deck.slideTitles);
    }, 120_000);
  },
);
