import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckDraftSchema, type DeckDraft } from '@deck-portal/domain';
import {
  createRenderProcess,
  findIdleScheduler,
  hostExecArgv,
  idleScheduler,
  type RenderProcess,
} from '../src/render-process.ts';
import { deckFiles } from '../src/db/schema.ts';
import { sha256Hex } from '../src/decks/version-files.ts';
import { createLocalObjectStore } from '../src/storage/local-object-store.ts';
import { notAPictureMessage, type PictureDecoder } from '../src/uploads/normalise-picture.ts';
import { unsafeSvgMessage } from '../src/uploads/svg-safety.ts';
import { approvedCookie } from './helpers/accounts.ts';
import { createTestApp } from './helpers/test-app.ts';

// The render process (ADRs 076, 077): the web process's deck renderer and picture decoder, in a
// child process whose threads are all background work.

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
const mkdirIn = (dir: string) => mkdirSync(dir, { recursive: true });
let renderer: RenderProcess;
let before: number[];

/** Runs `use` with a render process of its own and its pid, and closes it whatever happens. */
async function withOwnRenderProcess(
  niceness: number,
  use: (own: RenderProcess, host: number | undefined) => Promise<void>,
) {
  const others = isLinux ? children() : [];
  const own = createRenderProcess({ niceness, maxThreads: 1 });
  try {
    const [host] = isLinux ? children().filter((pid) => !others.includes(pid)) : [];
    await use(own, host);
  } finally {
    await own.close();
  }
}

beforeAll(() => {
  before = isLinux ? children() : [];
  // At the server's priority: background work (below) gets a core only when nothing else wants
  // it, and a busy test run would leave these decks waiting.
  renderer = createRenderProcess({ niceness: 0, maxThreads: 1 });
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

  it.runIf(isLinux)(
    'hands a deck over in a file of its answers folder, which it empties and removes',
    async () => {
      const others = children();
      const own = createRenderProcess({ niceness: 0, maxThreads: 1 });
      const folder = own.answersFolder;
      const written: string[] = [];
      const watcher = watch(folder, (_, name) => written.push(String(name)));
      try {
        const deck = await own.generate(draft);
        expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(deck.svgs.join('')).toContain('Harbour');
        // A small answer still comes over the channel: one file in all, the deck's.
        await expect(
          own.importPresentation(new Uint8Array(Buffer.from('not a deck'))),
        ).resolves.toMatchObject({ ok: false });
        expect(new Set(written).size).toBe(1);
        expect(readdirSync(folder)).toEqual([]);
        // What a process that ended wrote and never named is removed once its messages are read.
        const [host] = children().filter((pid) => !others.includes(pid));
        writeFileSync(path.join(folder, `${host}-99-left`), 'an answer nobody asked for');
        writeFileSync(path.join(folder, `1-99-another`), 'not that process’s');
        process.kill(host!, 'SIGKILL');
        await expect.poll(() => readdirSync(folder)).toEqual(['1-99-another']);
      } finally {
        watcher.close();
        await own.close();
      }
      // Closed after its process had ended: the folder goes all the same.
      expect(existsSync(folder)).toBe(false);
    },
  );

  it.runIf(isLinux)(
    'writes a new deck’s files to the web process’s store itself: only their rows come back',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'deck-portal-stored-'));
      const own = createRenderProcess({
        niceness: 0,
        maxThreads: 1,
        storage: { kind: 'local', dir },
      });
      const written: string[] = [];
      const watcher = watch(own.answersFolder, (_, name) => written.push(String(name)));
      const t = await createTestApp({
        deckRenderer: own,
        objectStore: createLocalObjectStore(dir),
      });
      try {
        const rep = await approvedCookie(t.app, 'Stella Stored', 'sales_rep');
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/generate-slides',
          headers: { cookie: rep, origin: 'http://portal.test', prefer: 'wait=60' },
          payload: draft,
        });
        expect(made.statusCode, made.body).toBe(201);
        const deckId = made.json().presentationId as string;
        // The deck's bytes did not come back: no answer was large enough to need a file.
        expect(written).toEqual([]);
        const slides = await t.app.inject({
          method: 'GET',
          url: `/api/decks/${deckId}/slides`,
          headers: { cookie: rep },
        });
        expect(slides.statusCode).toBe(200);
        const slideCount = (slides.json().slides as unknown[]).length;
        expect(slideCount).toBeGreaterThanOrEqual(3);
        const rows = await t.app.services.db
          .select()
          .from(deckFiles)
          .where(eq(deckFiles.deckId, deckId));
        expect(rows.map((row) => row.name).sort()).toEqual(
          [
            'v1/deck.pdf',
            'v1/deck.pptx',
            ...Array.from({ length: slideCount }, (_, i) => `v1/slide-${i + 1}.svg`),
          ].sort(),
        );
        // What the rows say is what the store has, and what the portal serves.
        for (const row of rows) {
          const bytes = readFileSync(path.join(dir, 'decks', deckId, ...row.name.split('/')));
          expect(row.byteSize).toBe(bytes.length);
          expect(row.sha256).toBe(sha256Hex(bytes));
          expect(row.content).toBeNull();
        }
        const pdf = await t.app.inject({
          method: 'GET',
          url: `/api/decks/${deckId}/download`,
          headers: { cookie: rep },
        });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

        // Its next version: written to a staging folder as it is drawn, moved under v2 as it is
        // numbered; nothing is left in the staging folder, and still no bytes came back.
        const changed = structuredClone(draft);
        changed.basicInfo.clientName = 'Stored Next Ltd';
        const next = await t.app.inject({
          method: 'POST',
          url: `/api/decks/${deckId}/versions`,
          headers: { cookie: rep, origin: 'http://portal.test', prefer: 'wait=60' },
          payload: changed,
        });
        expect(next.statusCode, next.body).toBe(201);
        expect(next.json().version).toBe(2);
        expect(written).toEqual([]);
        const v2 = await t.app.services.db
          .select()
          .from(deckFiles)
          .where(and(eq(deckFiles.deckId, deckId), like(deckFiles.name, 'v2/%')));
        expect(v2.map((row) => row.name)).toContain('v2/deck.pptx');
        expect(v2).toHaveLength(rows.length);
        for (const row of v2) {
          const bytes = readFileSync(path.join(dir, 'decks', deckId, ...row.name.split('/')));
          expect(row.sha256).toBe(sha256Hex(bytes));
        }
        // Nothing is left where v2 was staged, not even its folders.
        expect(readdirSync(path.join(dir, 'decks', deckId)).sort()).toEqual(['v1', 'v2']);
        const v2Pdf = await t.app.inject({
          method: 'GET',
          url: `/api/decks/${deckId}/download?version=2`,
          headers: { cookie: rep },
        });
        expect(v2Pdf.statusCode).toBe(200);
        expect(
          v2Pdf.rawPayload.equals(readFileSync(path.join(dir, 'decks', deckId, 'v2', 'deck.pdf'))),
        ).toBe(true);
      } finally {
        watcher.close();
        await t.app.close();
        await own.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('writes a deck’s files where it is told, an edited deck’s too, and none of one given up', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'deck-portal-stored-'));
    const own = createRenderProcess({
      niceness: 0,
      maxThreads: 1,
      storage: { kind: 'local', dir },
    });
    try {
      const kept = await own.generateStored!(
        { deckId: 'kept-deck', prefix: 'staging/first/' },
        draft,
      );
      expect(kept).not.toHaveProperty('pdf');
      expect(kept.slideCount).toBe(kept.slideTitles.length);
      expect(kept.files.map((file) => file.name)).toContain('staging/first/deck.pdf');
      expect(readdirSync(path.join(dir, 'decks', 'kept-deck', 'staging', 'first'))).toContain(
        'deck.pptx',
      );

      // An edited deck's slides (a PowerPoint file brought back) the same way: the slides in the
      // store are those the edited deck draws.
      const original = await own.generate(draft);
      const read = await own.readEdited(original.pptx, { slidePlan: original.slidePlan });
      if (!read.ok) throw new Error(read.reason);
      const editedOptions = { draft, pictures: read.pictures };
      const edited = await own.generateEditedStored!(
        { deckId: 'kept-deck', prefix: 'staging/edited/' },
        read.edited,
        editedOptions,
      );
      expect(edited).not.toHaveProperty('svgs');
      const drawn = await own.generateEdited(read.edited, editedOptions);
      expect(edited.slideCount).toBe(drawn.svgs.length);
      expect(
        readFileSync(
          path.join(dir, 'decks', 'kept-deck', 'staging', 'edited', 'slide-2.svg'),
          'utf8',
        ),
      ).toBe(drawn.svgs[1]);

      const giving = new AbortController();
      const given = own.generateStored!(
        { deckId: 'given-up', prefix: 'v1/' },
        draft,
        {},
        giving.signal,
      );
      giving.abort();
      await expect(given).rejects.toThrow('the deck was no longer wanted');
      expect(existsSync(path.join(dir, 'decks', 'given-up'))).toBe(false);
      // Given up before it was asked: nothing is sent.
      await expect(
        own.generateStored!({ deckId: 'given-up', prefix: 'v1/' }, draft, {}, giving.signal),
      ).rejects.toThrow();
      expect(own.pending).toBe(0);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.runIf(isLinux)(
    'runs every thread of its process as background work, and none of this one',
    () =>
      withOwnRenderProcess(19, async (_, host) => {
        expect(host).toBeDefined();
        // The host lowers its nice value as it starts; started as SCHED_IDLE, on a busy machine
        // it may wait a while for a core to do so.
        let threads = threadsOf(host!);
        for (let waited = 0; waited < 90_000; waited += 50) {
          if (threads.length > 5 && threads.every((thread) => thread.nice === 19)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
          threads = threadsOf(host!);
        }
        // Node's own threads (V8's helpers among them), all of them.
        expect(threads.length).toBeGreaterThan(5);
        for (const thread of threads) {
          expect(thread.nice).toBe(19);
          if (idleScheduler()) expect(thread.policy).toBe(5);
        }
        // This process's threads keep their priority.
        for (const thread of threadsOf(process.pid)) expect(thread.policy).toBe(0);
      }),
    120_000,
  );

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

  it('starts its process with this one’s Node options but a debugger’s and file watching', () => {
    const npmStart = ['--max-old-space-size=1024', '--require=scripts/x.cjs'];
    expect(hostExecArgv(npmStart, false)).toEqual(npmStart);
    expect(hostExecArgv(['--import', 'tsx', '--watch', '--inspect=9229'], true)).toEqual([
      '--import',
      'tsx',
    ]);
    expect(hostExecArgv(['--max-semi-space-size=8'], true)).toEqual([
      '--max-semi-space-size=8',
      '--import',
      'tsx',
    ]);
  });

  it('reads a deck’s file back, draws it as edited and previews a slide, in the child', async () => {
    const original = await renderer.generate(draft);
    const progress: { done: number; total: number }[] = [];
    const read = await renderer.readEdited(original.pptx, {
      slidePlan: original.slidePlan,
      onProgress: (step) => progress.push(step),
    });
    if (!read.ok) throw new Error(read.reason);
    expect(read.edited.slides.map(({ key }) => key)).toEqual(
      original.slidePlan.map(({ key }) => key),
    );
    expect(progress.at(-1)).toEqual({
      done: original.slidePlan.length,
      total: original.slidePlan.length,
    });
    const again = await renderer.generateEdited(read.edited, { draft, pictures: read.pictures });
    expect(again.svgs).toHaveLength(original.svgs.length);
    const preview = await renderer.previewEditedSlide(read.edited.slides[0]!, {
      draft,
      pictures: read.pictures,
      pageNumber: 1,
    });
    expect(preview).toBe(again.svgs[0]);
    // A file that is not a presentation is an answer, not a failure.
    await expect(
      renderer.importPresentation(new Uint8Array(Buffer.from('not a deck'))),
    ).resolves.toMatchObject({ ok: false });
  }, 120_000);

  it('refuses what cannot cross to the child, and counts nothing for it', async () => {
    await expect(
      renderer.generate({ ...draft, nowhere: Symbol('x') } as unknown as DeckDraft),
    ).rejects.toThrow();
    expect(renderer.pending).toBe(0);
  });

  it.runIf(isLinux)(
    'leaves a signal to the process group to the web process',
    () =>
      withOwnRenderProcess(0, async (own, host) => {
        await own.warmedUp;
        const generating = own.generate(draft);
        // Ctrl-C under npm start reaches every process of the group: the host goes on.
        process.kill(host!, 'SIGINT');
        process.kill(host!, 'SIGTERM');
        const deck = await generating;
        expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
      }),
    60_000,
  );

  it('answers the calls under way before it closes, then refuses new ones', async () => {
    const own = createRenderProcess({ niceness: 0, maxThreads: 1 });
    // (A close cuts the pool's own warm-up short, and what waits behind it: deck-renderer.ts.)
    await own.warmedUp;
    const generating = own.generate(draft);
    const closing = own.close();
    const deck = await generating;
    expect(deck.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await closing;
    await own.close(); // again: already closed
    await expect(own.generate(draft)).rejects.toThrow(/closed/);
  }, 60_000);

  it.runIf(isLinux)('takes a chrt only if it starts a command as SCHED_IDLE', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'render-chrt-'));
    try {
      const fake = (name: string, script: string, mode: number) => {
        mkdirIn(path.join(dir, name));
        writeFileSync(path.join(dir, name, 'chrt'), script);
        chmodSync(path.join(dir, name, 'chrt'), mode);
        return path.join(dir, name);
      };
      // Not executable: passed over for the next one on the path.
      const unusable = fake('unusable', '#!/bin/sh\nexit 0\n', 0o644);
      // Refusing the policy (a sandbox) or the option (another chrt): none taken.
      const refusing = fake('refusing', '#!/bin/sh\nexit 1\n', 0o755);
      expect(findIdleScheduler(`${unusable}:${refusing}`)).toBeUndefined();
      const real = idleScheduler();
      if (real) {
        expect(findIdleScheduler(`${unusable}:${path.dirname(real)}`)).toBe(real);
      }
      expect(findIdleScheduler('')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends its process on close', async () => {
    const own = createRenderProcess({ niceness: 0, maxThreads: 1 });
    await own.generate(draft);
    const hosts = isLinux ? children().filter((pid) => !before.includes(pid)) : [];
    await own.close();
    if (isLinux)
      expect(children().filter((pid) => !before.includes(pid))).toHaveLength(hosts.length - 1);
  });
});

describe('pictures decoded in the render process', () => {
  const wide = () =>
    sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#2f6f4e' } })
      .jpeg()
      .toBuffer();

  it('makes a photo fit to keep, sent as bytes or as a file on disk', async () => {
    const fromBytes = await renderer.normalisePicture(await wide(), 'slide_picture');
    if (!('picture' in fromBytes)) throw new Error(fromBytes.refused);
    expect(fromBytes.picture).toMatchObject({
      contentType: 'image/jpeg',
      width: 2400,
      height: 800,
    });
    expect(Buffer.isBuffer(fromBytes.picture.data)).toBe(true);
    expect(await sharp(fromBytes.picture.data).metadata()).toMatchObject({
      format: 'jpeg',
      width: 2400,
    });

    // A picture with transparency stays PNG; a profile photo is cut square.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'render-picture-'));
    try {
      const file = path.join(dir, 'badge.png');
      const badge = await sharp({
        create: {
          width: 900,
          height: 600,
          channels: 4,
          background: { r: 9, g: 37, b: 69, alpha: 0.5 },
        },
      })
        .png()
        .toBuffer();
      writeFileSync(file, badge);
      const fromFile = await renderer.normalisePicture(
        { path: file, size: badge.length },
        'profile_photo',
      );
      expect(fromFile).toMatchObject({
        picture: { contentType: 'image/png', width: 512, height: 512 },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(renderer.pending).toBe(0);
  });

  it.runIf(isLinux)(
    'fails a picture under way when the process dies, and answers it before a close',
    () =>
      withOwnRenderProcess(0, async (own, host) => {
        const photo = await wide();
        // Killed: the call fails, as it would not if the picture were decoded in this process.
        const decoding = own.normalisePicture(photo, 'slide_picture');
        process.kill(host!, 'SIGKILL');
        await expect(decoding).rejects.toThrow(/render process ended/);
        expect(own.pending).toBe(0);
        // A new process takes the next one; a close sent after it waits for its answer.
        const again = own.normalisePicture(photo, 'slide_picture');
        const closing = own.close();
        await expect(again).resolves.toMatchObject({ picture: { width: 2400, height: 800 } });
        await closing;
      }),
    60_000,
  );

  it('refuses what is not a picture, and an unsafe drawing, in the sender’s words', async () => {
    await expect(
      renderer.normalisePicture(Buffer.from('not a picture at all'), 'slide_picture'),
    ).resolves.toEqual({ refused: notAPictureMessage });
    const scripted = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expect(renderer.normalisePicture(scripted, 'library_picture')).resolves.toEqual({
      refused: unsafeSvgMessage,
    });
  });

  it('is what the web process uses for the pictures reps and editors upload', async () => {
    const kinds: string[] = [];
    const pictureDecoder: PictureDecoder = {
      normalisePicture: (sent, kind) => {
        kinds.push(kind);
        return renderer.normalisePicture(sent, kind);
      },
    };
    const t = await createTestApp({ pictureDecoder });
    try {
      const rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
      const post = (url: string, payload: Buffer, type: string, cookie = rep) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, origin: 'http://portal.test', 'content-type': type },
          payload,
        });
      const stored = await post('/api/uploads', await wide(), 'image/jpeg');
      expect(stored.statusCode, stored.body).toBe(201);
      expect(stored.json()).toMatchObject({ width: 2400, height: 800 });
      const served = await t.app.inject({
        method: 'GET',
        url: stored.json().url,
        headers: { cookie: rep },
      });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 2400, height: 800 });

      const refused = await post('/api/uploads', Buffer.from('plain text'), 'image/png');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(notAPictureMessage);

      const editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
      const unsafe = await post(
        '/api/library/pictures',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
        ),
        'image/svg+xml',
        editor,
      );
      expect(unsafe.statusCode).toBe(400);
      expect(unsafe.json().error.message).toBe(unsafeSvgMessage);
      expect(kinds).toEqual(['slide_picture', 'slide_picture', 'library_picture']);
    } finally {
      await t.app.close();
    }
  }, 60_000);
});
