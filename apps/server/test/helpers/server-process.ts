import { spawn, type ChildProcess } from 'node:child_process';
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Started as a process group of its own (a command line). */
  isGroup: boolean;
};

/**
 * What runs: a script of apps/server under node (its TypeScript through tsx, or its built
 * JavaScript), or a command line run from the repository's root as a person types it (`npm
 * start`), in a process group of its own that `stopServerProcess` stops whole.
 */
export type ServerCommand =
  | 'src/main.ts'
  | 'src/worker.ts'
  | 'dist/main.js'
  | 'dist/worker.js'
  | { file: string; args: string[] };

export type ServerProcessOptions = {
  /** Throws its log (a line a request at level info) away unread; stderr is still kept. */
  discardStdout?: boolean;
  /** Called with each chunk of output as it comes (to write a log file). */
  onOutput?: (chunk: Buffer) => void;
  /** How many of the last characters of output `output()` keeps; all when not given. */
  keptChars?: number;
  /** The environment under `env`: this process's whole one, as a shell passes on; else PATH only. */
  isInheriting?: boolean;
};

/**
 * Starts `src/main.ts` (a web process), or `src/worker.ts` (`npm run worker`), as a real process
 * with the given environment; or their built JavaScript (`dist/main.js`, `dist/worker.js`, as
 * `npm start` runs them: build it first); or a command line. With `discardStdout` its log is
 * thrown away unread, as a benchmark under load wants. The server tests, the benchmarks and the
 * browser tests all start their servers here.
 */
export function startServerProcess(
  env: Record<string, string>,
  command: ServerCommand = 'src/main.ts',
  {
    discardStdout = false,
    onOutput,
    keptChars = Infinity,
    isInheriting = false,
  }: ServerProcessOptions = {},
): ServerProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    onOutput?.(chunk);
    output += chunk;
    if (output.length > keptChars) output = output.slice(-keptChars);
  };
  const isGroup = typeof command === 'object';
  const [file, args] = isGroup
    ? [command.file, command.args]
    : [
        process.execPath,
        // Built JavaScript as `npm start` runs it: without source maps (ADR 060).
        command.endsWith('.js') ? [command] : ['--import', 'tsx', command],
      ];
  const child = spawn(file, args, {
    cwd: isGroup ? repositoryRoot : serverRoot,
    detached: isGroup,
    env: {
      ...(isInheriting ? process.env : { PATH: process.env.PATH ?? '' }),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    baseUrl: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    exited,
    isGroup,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `isReady` answers true (by default: /readyz answers 200), or fails with what the
 * process printed when it exits first or `timeoutMs` passes.
 */
export async function waitUntilReady(
  server: ServerProcess,
  timeoutMs = 30_000,
  {
    isReady = async () => (await fetch(`${server.baseUrl}/readyz`)).ok,
    pollMs = 100,
  }: { isReady?: () => Promise<boolean>; pollMs?: number } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  while (Date.now() < deadline && !hasExited) {
    // Not listening yet when it throws.
    if (await isReady().catch(() => false)) return;
    await pause(pollMs);
  }
  throw new Error(`server ${hasExited ? 'exited' : 'did not become ready'}:\n${server.output()}`);
}

/**
 * Stops the server (the whole group for a command line) with SIGTERM, then SIGKILL if it has not
 * exited after `graceMs`, and waits until it has.
 */
export async function stopServerProcess(server: ServerProcess, graceMs = 20_000) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  // A detached command is a group of its own: a negative id signals all of it (npm, the server).
  const target = server.isGroup ? -child.pid : child.pid;
  process.kill(target, 'SIGTERM');
  const forced = setTimeout(() => process.kill(target, 'SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(forced);
}

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * One HTTP request with node:http, which shows hop-by-hop headers such as Connection (fetch
 * hides them). Without an agent, the request opens a connection of its own.
 */
export function httpRequest(
  server: ServerProcess,
  path: string,
  options: { method?: string; agent?: Agent } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.baseUrl}${path}`,
      { method: options.method ?? 'GET', agent: options.agent ?? false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request that stays in flight until `finish()` sends the rest of its body. `received`
 * settles once the server has read its headers (it answers `Expect: 100-continue` then), so
 * the request is known to be in flight without sleeping.
 */
export function startSlowRequest(server: ServerProcess, path: string) {
  const req = request(`${server.baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
      expect: '100-continue',
    },
  });
  const received = new Promise<void>((resolve, reject) => {
    req.on('continue', () => {
      req.write('{"part":');
      resolve();
    });
    req.on('error', reject);
  });
  const response = new Promise<RawResponse>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
  // Whoever awaits one of them sees the error; the other must not be reported as unhandled.
  received.catch(() => {});
  response.catch(() => {});
  req.flushHeaders();
  return { received, response, finish: () => req.end('1}') };
}

/** Polls `check` until it answers true; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
