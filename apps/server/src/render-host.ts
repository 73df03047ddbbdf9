// The render process (ADRs 076, 077): a child of the web process that holds the render pool
// and decodes uploaded pictures, at the background priority from its first thread to its last.
// `render-process.ts` starts it and sends it the renderer's calls over the IPC channel; each
// answer, progress report and failure goes back the same way, a large answer in a file the
// message names (ADR 082); a new deck's files, and a next version's staged ones, it writes to
// the object store itself, answering only their rows (ADRs 084, 085). Nothing here opens the
// database or listens on a port.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import type { DeckRenderer } from '@deck-portal/deck-engine/pool';
import type { RenderedDeck } from '@deck-portal/deck-engine/library';
import { lowerThreadsAtStart } from './background-threads.ts';
import type { StorageConfig } from './config.ts';
import { storeDrawn, type FilesTarget } from './decks/version-files.ts';
import { settlePictureLibrary } from './picture-library.ts';
import type { HostCall, HostCancel, HostMessage, HostStart } from './render-process.ts';
import type { ObjectStore } from './storage/object-store.ts';

/** Messages written and not yet handed to the channel: the process ends only after them. */
let unsent = 0;
let flushed: (() => void) | undefined;

const send = (message: HostMessage) => {
  unsent += 1;
  const sent = () => {
    unsent -= 1;
    if (unsent === 0) flushed?.();
  };
  try {
    process.send?.(message, undefined, undefined, sent);
  } catch {
    sent(); // the channel is closed: the web process is gone
  }
};

/** Ends the process once every answer written has left it (a large one takes several writes). */
function exitWhenSent() {
  if (unsent === 0) process.exit(0);
  flushed = () => process.exit(0);
}

/**
 * The whole process at `niceness`: this thread, and every thread it has now (V8's, the
 * loader's). Threads started later (libuv's pool, the render threads, libvips') inherit it from
 * the thread that starts them, so none of them shares a lock with a thread of higher priority.
 */
function lowerWholeProcess(niceness: number) {
  if (niceness <= 0) return;
  try {
    if (getPriority() < niceness) setPriority(niceness);
  } catch {
    // not permitted or not supported here: the render threads still lower themselves
  }
  lowerThreadsAtStart(niceness);
}

// Lowered before the engine's modules load, so the threads they start are born lowered.
lowerWholeProcess(Number(process.argv[2] ?? 0));
// Messages are listened for at once; they wait for the engine's modules here, and for libvips'
// settings, made before the first deck or picture is drawn.
const pool = import('@deck-portal/deck-engine/pool');
const pictureLibrary = settlePictureLibrary({ leaveACore: false });

let renderer: DeckRenderer | undefined;

/** The picture decoder, loaded with the first picture (sharp itself is loaded at start). */
let pictures: Promise<typeof import('./uploads/normalise-picture.ts')> | undefined;

/** The web process's object store (its start message's settings), opened with the first deck stored. */
let storage: StorageConfig | undefined;
let objects: Promise<ObjectStore> | undefined;
const objectStore = () => {
  if (!storage) throw new Error('the render process was not told where files are stored');
  const settings = storage;
  return (objects ??= import('./storage/create-object-store.ts').then((store) =>
    store.createObjectStore(settings),
  ));
};

async function run(call: HostCall) {
  if (call.method === 'normalisePicture') {
    const { decodePicturesHere } = await (pictures ??= import('./uploads/normalise-picture.ts'));
    const [sent, kind] = call.args as Parameters<typeof decodePicturesHere.normalisePicture>;
    return decodePicturesHere.normalisePicture(sent, kind);
  }
  await started;
  if (!renderer) throw new Error('the render process was not started');
  const args = call.args.slice();
  if (call.hasProgress) {
    const last = (args.at(-1) ?? {}) as Record<string, unknown>;
    args[Math.max(args.length - 1, 0)] = {
      ...last,
      onProgress: (value: unknown) => send({ type: 'progress', id: call.id, value }),
    };
  }
  if (call.method === 'generateStored' || call.method === 'generateEditedStored') {
    const [target, ...given] = args as [FilesTarget, ...unknown[]];
    const draw = (
      call.method === 'generateStored' ? renderer.generate : renderer.generateEdited
    ) as (...given: unknown[]) => Promise<RenderedDeck>;
    // Given up meanwhile (its job's claim lost, another attempt drawing it): its files are not
    // written over what that attempt stores.
    return storeDrawn(objectStore, draw.apply(renderer, given), target, () => {
      if (cancelled.has(call.id)) throw new Error('the deck was no longer wanted');
    });
  }
  const method = renderer[call.method] as (...given: unknown[]) => Promise<unknown>;
  return method.apply(renderer, args);
}

/**
 * An answer at least this large (a deck's files: ~1.6 MB for 18 slides) is written by the host
 * to a file of the start message's `answersFolder`, and its `result` message names the file. Over
 * the channel it would come as ~25 reads of 64 kB, each a buffer for the web process's collector,
 * then be copied whole into one buffer before it is read: on the requests' thread, for every
 * deck. Read from a file, it is one buffer filled by libuv's pool. ADR 082.
 */
const largeAnswerBytes = 64 * 1024;

/** Where large answers are written for the web process to read (told by its start message). */
let answersFolder: string | undefined;

/**
 * The answer to call `id`: in the message, or, when it is large, in a file of
 * {@link answersFolder} the message names (the web process reads and removes it).
 */
async function answer(id: number, value: unknown): Promise<HostMessage> {
  if (!answersFolder) return { type: 'result', id, value };
  let bytes: Buffer;
  try {
    bytes = serialize(value);
  } catch {
    return { type: 'result', id, value }; // the channel's own serializer then says what failed
  }
  if (bytes.length < largeAnswerBytes) return { type: 'result', id, value };
  // Named for this process first: the web process removes what a process that ended left.
  const file = path.join(answersFolder, `${process.pid}-${id}-${randomUUID()}`);
  try {
    await writeFile(file, bytes, { mode: 0o600 });
  } catch {
    // The folder cannot be written (a full disk, say): over the channel then, and no part left.
    await rm(file, { force: true }).catch(() => {});
    return { type: 'result', id, value };
  }
  return { type: 'result', id, file };
}

let started: Promise<void> | undefined;
/** The calls not yet answered. */
const running = new Set<Promise<void>>();
/** The ids of the calls not yet answered, and those of them the web process gave up. */
const underWay = new Set<number>();
const cancelled = new Set<number>();

process.on('message', (message: HostStart | HostCall | HostCancel | { type: 'close' }) => {
  if (message.type === 'cancel') {
    if (underWay.has(message.id)) cancelled.add(message.id);
    return;
  }
  if (message.type === 'start') {
    answersFolder = message.answersFolder;
    storage = message.storage;
    started = Promise.all([pool, pictureLibrary]).then(([{ createDeckRenderer }]) => {
      const created = createDeckRenderer({ ...message.options, niceness: message.niceness });
      renderer = created;
      void created.warmedUp.then((value) => send({ type: 'warmed', value }));
    });
    return;
  }
  if (message.type === 'close') {
    // The calls under way are answered first: a picture's decoding runs beside the pool.
    void Promise.allSettled(running)
      .then(() => started)
      .then(() => Promise.allSettled([renderer?.close(), objects?.then((store) => store.close())]))
      .finally(exitWhenSent);
    return;
  }
  const answered = run(message).then(
    async (value) => send(await answer(message.id, value)),
    (error: unknown) =>
      send({
        type: 'error',
        id: message.id,
        error: error instanceof Error ? error : new Error(String(error)),
      }),
  );
  running.add(answered);
  underWay.add(message.id);
  void answered.finally(() => {
    running.delete(answered);
    underWay.delete(message.id);
    cancelled.delete(message.id);
  });
});

// The web process went away without closing: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
// A signal to the process group (Ctrl-C under `npm start`, a service manager's stop) is the web
// process's to act on: it finishes the work under way, then closes this process.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
