// The deck renderer in a process of its own (ADR 076): the render pool runs in a child process
// (render-host.ts) whose every thread is background work (Linux's SCHED_IDLE where `chrt` can
// set it, and the background nice value), and this process keeps none of its threads lowered.
// Lowered threads in the web process shared its locks: libuv's pool and V8's helpers wait on
// condition variables the request thread signals, and glibc's signal waits until the lowered
// waiters it woke have run, which on busy cores took up to tens of milliseconds. In a process
// of their own they share nothing with the request thread.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkPicture, type DeckRenderer } from '@deck-portal/deck-engine/library';
import type { DeckRendererOptions } from '@deck-portal/deck-engine/pool';
import { renderHostFile } from './render-host-file.ts';

/** The renderer's methods that run in the render process. */
type HostMethod =
  | 'generate'
  | 'generateEdited'
  | 'readEdited'
  | 'previewEditedSlide'
  | 'importPresentation'
  | 'acceptedPdf';

export interface HostStart {
  type: 'start';
  niceness: number;
  options: Omit<DeckRendererOptions, 'niceness'>;
}

export interface HostCall {
  type: 'call';
  id: number;
  method: HostMethod;
  /** The call's arguments, its last one's `onProgress` left out (told by `hasProgress`). */
  args: unknown[];
  hasProgress: boolean;
}

export type HostMessage =
  | { type: 'progress'; id: number; value: unknown }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: Error }
  | { type: 'warmed'; value: boolean };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (value: unknown) => void;
}

/**
 * util-linux's `chrt`, found on the PATH on Linux, which starts a command under SCHED_IDLE: the
 * kernel then runs the command's threads only when no other thread wants the core, and a thread
 * that wakes preempts them at once (nice 19 alone still lets a background thread finish its
 * slice of a few milliseconds first). Undefined elsewhere: the host then only lowers its nice value.
 */
export function idleScheduler(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'chrt');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Node's options for the host: this process's, with tsx's loader where the host is TypeScript. */
function hostExecArgv() {
  const own = process.execArgv;
  if (!renderHostFile.isTypeScript) return own;
  const hasTsx = own.some(
    (arg, i) => /(^|[=\s])tsx$/.test(arg) && /--(import|loader)/.test(own[i - 1] ?? arg),
  );
  return hasTsx ? own : [...own, '--import', 'tsx'];
}

export interface RenderProcess extends DeckRenderer {
  /** Settles when the render process's first worker has drawn its warm-up deck. */
  readonly warmedUp: Promise<boolean>;
}

/**
 * A {@link DeckRenderer} whose work runs in a child process at nice `niceness`; the child starts
 * now and again after it ends, at the next call. `checkPicture` stays in this process.
 */
export function createRenderProcess(
  options: Omit<DeckRendererOptions, 'niceness'> & { niceness: number },
): RenderProcess {
  const { niceness, ...poolOptions } = options;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let child: ChildProcess | undefined;
  let isClosing = false;
  let warmedUp!: Promise<boolean>;

  const start = () => {
    const chrt = niceness > 0 ? idleScheduler() : undefined;
    const started = fork(renderHostFile.url, [String(niceness)], {
      // Under `chrt --idle 0`, every thread the host ever has is SCHED_IDLE from its start: a
      // thread of the web process that wakes takes the core from it at once.
      ...(chrt
        ? { execPath: chrt, execArgv: ['--idle', '0', process.execPath, ...hostExecArgv()] }
        : { execArgv: hostExecArgv() }),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    warmedUp = new Promise<boolean>((resolve) => {
      const onWarm = (message: HostMessage) => {
        if (message.type !== 'warmed') return;
        started.off('message', onWarm);
        resolve(message.value);
      };
      started.on('message', onWarm);
      started.once('exit', () => resolve(false));
    });
    started.on('message', (message: HostMessage) => {
      if (message.type === 'warmed') return;
      const call = pending.get(message.id);
      if (!call) return;
      if (message.type === 'progress') {
        call.onProgress?.(message.value);
        return;
      }
      pending.delete(message.id);
      if (message.type === 'result') call.resolve(message.value);
      else call.reject(message.error);
    });
    started.once('exit', (code, signal) => {
      if (child === started) child = undefined;
      const failure = new Error(
        `the render process ended (${signal ?? `code ${code}`}) before it answered`,
      );
      for (const call of pending.values()) call.reject(failure);
      pending.clear();
    });
    const message: HostStart = { type: 'start', niceness, options: poolOptions };
    started.send(message);
    child = started;
    return started;
  };
  start();

  const call = (method: HostMethod, args: unknown[]) => {
    const last = args.at(-1);
    const onProgress =
      last && typeof last === 'object' && 'onProgress' in last
        ? (last as { onProgress?: (value: unknown) => void }).onProgress
        : undefined;
    const sent = onProgress
      ? [...args.slice(0, -1), withoutProgress(last as Record<string, unknown>)]
      : args;
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      const message: HostCall = {
        type: 'call',
        id,
        method,
        args: sent.map(withoutUndefinedFields),
        hasProgress: Boolean(onProgress),
      };
      (child ?? start()).send(message, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(error);
      });
    });
  };

  return {
    generate: (draft, given) => call('generate', [draft, given ?? {}]) as never,
    generateEdited: (edited, given) => call('generateEdited', [edited, given]) as never,
    readEdited: (pptx, given) => call('readEdited', [pptx, given ?? {}]) as never,
    previewEditedSlide: (slide, given) => call('previewEditedSlide', [slide, given]) as never,
    importPresentation: (source, given) =>
      call('importPresentation', [source, given ?? {}]) as never,
    acceptedPdf: (deckPdf, certificate, given) =>
      call('acceptedPdf', [deckPdf, certificate, given ?? {}]) as never,
    checkPicture: (url) => checkPicture(url, poolOptions.images),
    get pending() {
      return pending.size;
    },
    get warmedUp() {
      return warmedUp;
    },
    async close() {
      if (isClosing) return;
      isClosing = true;
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.send({ type: 'close' });
      await exited;
    },
  };
}

function withoutProgress(options: Record<string, unknown>) {
  const { onProgress: _, ...rest } = options;
  return rest;
}

/** An options object as the structured clone takes it: no undefined fields, no functions. */
function withoutUndefinedFields(value: unknown): unknown {
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || Array.isArray(value)) {
    return value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function'),
  );
}
