import { spawn, type ChildProcess } from 'node:child_process';
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

/** Starts `src/main.ts` as a real process with the given environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
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
