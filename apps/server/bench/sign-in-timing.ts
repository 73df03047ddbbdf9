// Sign-in answer time: an unknown e-mail against a known e-mail with a wrong password. The two
// must not tell an attacker which addresses have accounts (same answer, comparable time).
// `node --import tsx apps/server/bench/sign-in-timing.ts` prints JSON; bench/run.ts reports it.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 20);
const WARM_UP = 3;

const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', IP_ATTEMPT_LIMIT: '100000' }),
  database,
  logger: false,
});
await app.ready();

async function post(
  url: string,
  payload: object,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url, payload });
  return { status: res.statusCode, body: res.body, ms: performance.now() - started };
}

// One account per round, so no address meets the per-e-mail limit.
const known = Array.from({ length: ROUNDS + WARM_UP }, (_, i) => `known.${i}@bench.example`);
for (const [i, email] of known.entries()) {
  const { status } = await post('/api/auth/sign-up', {
    email,
    name: `Bench User ${i}`,
    password: `a fine passphrase ${i}`,
  });
  if (status !== 201) throw new Error(`sign-up answered ${status}`);
}

const unknownTimes: number[] = [];
const wrongPasswordTimes: number[] = [];
for (let i = 0; i < ROUNDS + WARM_UP; i += 1) {
  // Interleaved, so both see the same machine state.
  const unknown = await post('/api/auth/sign-in', {
    email: `nobody.${i}@bench.example`,
    password: 'a fine passphrase',
  });
  const wrong = await post('/api/auth/sign-in', { email: known[i], password: 'not the password' });
  if (unknown.status !== 401 || wrong.status !== 401 || unknown.body !== wrong.body) {
    throw new Error(`sign-in answered ${unknown.body} and ${wrong.body}, not the same 401`);
  }
  if (i >= WARM_UP) {
    unknownTimes.push(unknown.ms);
    wrongPasswordTimes.push(wrong.ms);
  }
}
await app.close();
await database.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
process.stdout.write(
  JSON.stringify({
    rounds: ROUNDS,
    unknownEmailMs: median(unknownTimes),
    wrongPasswordMs: median(wrongPasswordTimes),
  }),
);
