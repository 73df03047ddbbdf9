import { spawn, type ChildProcess } from 'node:child_process';
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

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
};

/**
 * Starts `src/main.ts` (a web process), or `src/worker.ts` (`npm run worker`), as a real process
 * with the given environment; or their built JavaScript (`dist/main.js`, `dist/worker.js`, as
 * `npm start` runs them: build it first). With `discardStdout` its log (a line a request at
 * level info) is thrown away unread, as a benchmark under load wants; errors on stderr are still
 * kept.
 */
export function startServerProcess(
  env: Record<string, string>,
  script: 'src/main.ts' | 'src/worker.ts' | 'dist/main.js' | 'dist/worker.js' = 'src/main.ts',
  { discardStdout = false }: { discardStdout?: boolean } = {},
): ServerProcess {
  let output = '';
  const args = script.endsWith('.js')
    ? ['--enable-source-maps', script]
    : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, baseUrl: `http://127.0.0.1:${env.PORT}`, output: () => output, exited };
}

/** Waits until /readyz answers 200, or fails with what the process printed. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  while (Date.now() < deadline && !hasExited) {
    try {
      const res = await fetch(`${server.baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
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
