// The deck renderer in a process of its own (ADR 076): the render pool runs in a child process
// (render-host.ts) whose every thread is background work (Linux's SCHED_IDLE where `chrt` can
// set it, and the background nice value), and this process keeps none of its threads lowered.
// Lowered threads in the web process shared its locks: libuv's pool and V8's helpers wait on
// condition variables the request thread signals, and glibc's signal waits until the lowered
// waiters it woke have run, which on busy cores took up to tens of milliseconds. In a process
// of their own they share nothing with the request thread.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deserialize } from 'node:v8';
import { checkPicture } from '@deck-portal/deck-engine/library';
import {
  withoutUndefined,
  type DeckRendererOptions,
  type DeckRendererPool,
} from '@deck-portal/deck-engine/pool';
import type { StorageConfig } from './config.ts';
import type { GenerateEditedStored, GenerateStored } from './decks/version-files.ts';
import { renderHostFile } from './render-host-file.ts';
import type { PictureDecoder } from './uploads/normalise-picture.ts';

/** The methods that run in the render process: the renderer's, and the picture decoder's. */
type HostMethod =
  | 'generate'
  | 'generateStored'
  | 'generateEditedStored'
  | 'generateEdited'
  | 'readEdited'
  | 'previewEditedSlide'
  | 'importPresentation'
  | 'acceptedPdf'
  | 'normalisePicture';

/** The deck renderer and the picture decoder of a render process. */
export type RenderProcess = DeckRendererPool &
  PictureDecoder & {
    /** Where the process leaves its large answers for this one to read (removed by `close`). */
    readonly answersFolder: string;
    /**
     * A deck drawn and its files written to the object store by the render process itself, as
     * a version's: only its rows come back (ADR 084). There when the process was given the
     * store's settings.
     */
    generateStored?: GenerateStored;
    /** The same for an edited deck's slides (ADR 085). */
    generateEditedStored?: GenerateEditedStored;
  };

export interface HostStart {
  type: 'start';
  niceness: number;
  options: Omit<DeckRendererOptions, 'niceness'>;
  /** The folder the host writes its large answers to (render-host.ts's `largeAnswerBytes`). */
  answersFolder: string;
  /** The object store `generateStored` writes to: the web process's own. */
  storage?: StorageConfig;
}

export interface HostCall {
  type: 'call';
  id: number;
  method: HostMethod;
  /** The call's arguments, its last one's `onProgress` left out (told by `hasProgress`). */
  args: unknown[];
  hasProgress: boolean;
}

/** Told while call `id` runs: it is no longer wanted (`generateStored` then writes nothing). */
export interface HostCancel {
  type: 'cancel';
  id: number;
}

export type HostMessage =
  | { type: 'progress'; id: number; value: unknown }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'result'; id: number; file: string }
  | { type: 'error'; id: number; error: Error }
  | { type: 'warmed'; value: boolean };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (value: unknown) => void;
}

/**
 * util-linux's `chrt`, found on the PATH on Linux, when it can start a command under SCHED_IDLE
 * here (tried once): the kernel then runs the command's threads only when no other thread wants
 * the core, and a thread that wakes preempts them at once (nice 19 alone still lets a background
 * thread finish its slice of a few milliseconds first). Undefined elsewhere, or where it cannot
 * (not executable, a sandbox refusing the policy): the host then only lowers its nice value.
 */
export function idleScheduler(): string | undefined {
  if (idleSchedulerFound === null) {
    idleSchedulerFound =
      process.platform === 'linux' ? findIdleScheduler(process.env.PATH ?? '') : undefined;
  }
  return idleSchedulerFound;
}
let idleSchedulerFound: string | undefined | null = null;

/** The first `chrt` on `searchPath` if it starts a command under SCHED_IDLE, else undefined. */
export function findIdleScheduler(searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'chrt');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    // The short option: util-linux's and BusyBox's chrt both take it.
    const tried = spawnSync(candidate, ['-i', '0', 'true'], { stdio: 'ignore', timeout: 5_000 });
    return tried.status === 0 ? candidate : undefined;
  }
  return undefined;
}

/**
 * Node's options for the host: this process's (npm start's memory settings), without those that
 * belong to one process only (a debugger's port, watching files), with tsx's loader where the
 * host is TypeScript.
 */
export function hostExecArgv(
  own: readonly string[] = process.execArgv,
  isTypeScript = renderHostFile.isTypeScript,
) {
  const kept = own.filter((arg) => !/^--(inspect|debug|watch)/.test(arg));
  if (!isTypeScript) return kept;
  const hasTsx = kept.some(
    (arg, i) => /(^|[=\s])tsx$/.test(arg) && /--(import|loader)/.test(kept[i - 1] ?? arg),
  );
  return hasTsx ? kept : [...kept, '--import', 'tsx'];
}

/**
 * A deck renderer and picture decoder whose work runs in a child process at nice `niceness`
 * (and SCHED_IDLE where {@link idleScheduler} can set it); the child starts now and again after
 * it ends, at the next call. `checkPicture` stays in this process. After `close()`, calls are
 * refused.
 */
export function createRenderProcess(
  options: Omit<DeckRendererOptions, 'niceness'> & {
    niceness: number;
    /** The object store this process writes deck files to: given, `generateStored` is there. */
    storage?: StorageConfig;
  },
): RenderProcess {
  const { niceness, storage, ...poolOptions } = options;
  const pending = new Map<number, Pending>();
  const answersFolder = mkdtempSync(path.join(os.tmpdir(), 'deck-portal-answers-'));
  /** Answers being read from their files, by file: a close waits for them. */
  const reading = new Map<string, Promise<void>>();
  /** Settles when the newest child has ended and every message it sent has been read. */
  let childClosed: Promise<void> = Promise.resolve();
  let nextId = 1;
  let child: ChildProcess | undefined;
  let closing: Promise<void> | undefined;
  let warmedUp!: Promise<boolean>;

  /** Every call still waiting fails with `error` (its process has ended or cannot be reached). */
  const failPending = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = () => {
    const chrt = niceness > 0 ? idleScheduler() : undefined;
    const started = fork(renderHostFile.url, [String(niceness)], {
      // Under `chrt -i 0`, every thread the host ever has is SCHED_IDLE from its start: a
      // thread of the web process that wakes takes the core from it at once.
      ...(chrt
        ? { execPath: chrt, execArgv: ['-i', '0', process.execPath, ...hostExecArgv()] }
        : { execArgv: hostExecArgv() }),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    childClosed = new Promise((resolve) => started.once('close', () => resolve()));
    warmedUp = new Promise<boolean>((resolve) => {
      const onWarm = (message: HostMessage) => {
        if (message.type !== 'warmed') return;
        started.off('message', onWarm);
        resolve(message.value);
      };
      started.on('message', onWarm);
      started.once('close', () => resolve(false));
    });
    started.on('message', (message: HostMessage) => {
      if (message.type === 'warmed') return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      if (message.type === 'progress') {
        waiting.onProgress?.(message.value);
        return;
      }
      pending.delete(message.id);
      if (message.type === 'error') waiting.reject(message.error);
      else if (!('file' in message)) waiting.resolve(message.value);
      else if (path.dirname(message.file) !== answersFolder) {
        waiting.reject(new Error('the render process named an answer outside its folder'));
      } else {
        const { file } = message;
        // Out of `reading` before the caller hears: its `pending` then counts it no more.
        const read = readAnswer(file).then(
          (value) => {
            reading.delete(file);
            waiting.resolve(value);
          },
          (error: Error) => {
            reading.delete(file);
            waiting.reject(error);
          },
        );
        reading.set(file, read);
      }
    });
    // Not started (no process could be made), or its channel broke: what waits cannot be answered.
    started.on('error', (error) => {
      if (child === started) child = undefined;
      failPending(new Error(`the render process failed: ${error.message}`));
      started.kill('SIGKILL');
    });
    // After 'exit' and every message it sent: an answer written just before the end is read.
    started.once('close', (code, signal) => {
      if (child === started) child = undefined;
      // Its messages have all been read: an answer it wrote and never named belongs to no call.
      if (started.pid !== undefined) void removeUnclaimedAnswers(started.pid);
      if (pending.size === 0) return;
      const how = signal ?? `code ${code}`;
      process.emitWarning(
        `the render process ended (${how}) with ${pending.size} call(s) under way; ` +
          'the next call starts a new one',
      );
      failPending(new Error(`the render process ended (${how}) before it answered`));
    });
    const message: HostStart = {
      type: 'start',
      niceness,
      options: poolOptions,
      answersFolder,
      ...(storage ? { storage } : {}),
    };
    started.send(message, () => {
      // A failure to reach it is its 'error' event's.
    });
    return started;
  };
  start();

  const call = (method: HostMethod, args: unknown[], signal?: AbortSignal) => {
    if (closing) return Promise.reject(new Error('the render process is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const last = args.at(-1);
    const onProgress =
      last && typeof last === 'object' && 'onProgress' in last
        ? (last as { onProgress?: (value: unknown) => void }).onProgress
        : undefined;
    const sent = onProgress
      ? [...args.slice(0, -1), withoutProgress(last as Record<string, unknown>)]
      : args;
    const id = nextId++;
    const called = new Promise<unknown>((resolve, reject) => {
      const message: HostCall = {
        type: 'call',
        id,
        method,
        args: sent.map(sendable),
        hasProgress: Boolean(onProgress),
      };
      pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      try {
        (child ?? start()).send(message, (error) => {
          if (!error || !pending.has(id)) return;
          pending.delete(id);
          reject(error);
        });
      } catch (error) {
        // Arguments the structured clone cannot carry (a function, a class it does not know).
        pending.delete(id);
        reject(error);
      }
    });
    if (!signal) return called;
    const cancel = () => {
      const cancelling: HostCancel = { type: 'cancel', id };
      if (pending.has(id)) child?.send(cancelling, () => {});
    };
    signal.addEventListener('abort', cancel, { once: true });
    const forget = () => signal.removeEventListener('abort', cancel);
    void called.then(forget, forget);
    return called;
  };

  /** Removes the files a child `pid` wrote (render-host.ts names them so) that nobody is reading. */
  async function removeUnclaimedAnswers(pid: number) {
    const names = await readdir(answersFolder).catch(() => []);
    await Promise.all(
      names
        .filter((name) => name.startsWith(`${pid}-`))
        .map((name) => path.join(answersFolder, name))
        .filter((file) => !reading.has(file))
        .map((file) => rm(file, { force: true }).catch(() => {})),
    );
  }

  return {
    generate: (draft, given) => call('generate', [draft, given ?? {}]) as never,
    ...(storage
      ? {
          generateStored: ((target, draft, given, signal) =>
            call('generateStored', [target, draft, given ?? {}], signal)) as GenerateStored,
          generateEditedStored: ((target, edited, given, signal) =>
            call('generateEditedStored', [target, edited, given], signal)) as GenerateEditedStored,
        }
      : {}),
    generateEdited: (edited, given) => call('generateEdited', [edited, given]) as never,
    readEdited: (pptx, given) => call('readEdited', [pptx, given ?? {}]) as never,
    previewEditedSlide: (slide, given) => call('previewEditedSlide', [slide, given]) as never,
    importPresentation: (source, given) =>
      call('importPresentation', [source, given ?? {}]) as never,
    acceptedPdf: (deckPdf, certificate, given) =>
      call('acceptedPdf', [deckPdf, certificate, given ?? {}]) as never,
    // A file on disk is read by the child from its path: its bytes do not cross the channel.
    normalisePicture: (sent, kind) => call('normalisePicture', [sent, kind]) as never,
    checkPicture: (url) => checkPicture(url, poolOptions.images),
    /** Calls sent and not yet answered: decks and the rest, pictures' decoding included. */
    get pending() {
      return pending.size + reading.size;
    },
    get warmedUp() {
      return warmedUp;
    },
    answersFolder,
    close() {
      closing ??= (async () => {
        const running = child;
        if (running && running.exitCode === null && running.signalCode === null) {
          // The calls under way are answered, then it ends (render-host.ts).
          try {
            running.send({ type: 'close' }, (error) => {
              if (error) running.kill('SIGKILL');
            });
          } catch {
            running.kill('SIGKILL'); // its channel is gone already
          }
        }
        // A child that has exited may still have answers on their way: its 'close' is after them.
        await childClosed;
        await Promise.all(reading.values());
        await rm(answersFolder, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/** A large answer the host wrote to `file`: read in one piece, the file removed. */
async function readAnswer(file: string): Promise<unknown> {
  try {
    return deserialize(await readFile(file));
  } finally {
    await rm(file, { force: true }).catch(() => {}); // the answer is read; the folder goes at close
  }
}

function withoutProgress(options: Record<string, unknown>) {
  const { onProgress: _, ...rest } = options;
  return rest;
}

/** An argument as the structured clone takes it: an options object without undefined fields. */
function sendable(value: unknown): unknown {
  const isOptions =
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype;
  return isOptions ? withoutUndefined(value) : value;
}
