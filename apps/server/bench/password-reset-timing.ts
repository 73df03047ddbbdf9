// Password-reset answer time: an approved account's address (a link is made and mailed) against
// an unknown address, and a pending and a declined account's (no link). All answer the same;
// the time must not tell an attacker which addresses have accounts that may sign in.
// `node --import tsx apps/server/bench/password-reset-timing.ts` prints JSON; bench/run.ts reports it.
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';

const ROUNDS = Number(process.env.BENCH_RESET_ROUNDS ?? 40);
const WARM_UP = 5;

const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', IP_ATTEMPT_LIMIT: '100000' }),
  database,
  logger: false,
});
await app.ready();

// Each request from an address of its own and for an address of its own: no limit is reached.
let requests = 0;
async function requestReset(email: string): Promise<{ status: number; body: string; ms: number }> {
  requests += 1;
  const remoteAddress = `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress,
  });
  return { status: res.statusCode, body: res.body, ms: performance.now() - started };
}

const kinds = ['approved', 'unknown', 'pending', 'declined'] as const;
type Kind = (typeof kinds)[number];
const addresses = (kind: Kind) =>
  Array.from({ length: ROUNDS + WARM_UP }, (_, i) => `${kind}.${i}@bench.example`);
const accounts = {
  approved: addresses('approved'),
  pending: addresses('pending'),
  declined: addresses('declined'),
};
for (const [kind, emails] of Object.entries(accounts)) {
  for (const [i, email] of emails.entries()) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, name: `Bench ${kind} ${i}`, password: `a fine passphrase ${i}` },
      remoteAddress: `10.200.${i >> 8}.${i & 255}`,
    });
    if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode} ${res.body}`);
  }
}
// The first sign-up became the administrator: a bench account of its own would skew nothing,
// but every approved address here is a sales rep's, as most are.
await database.db
  .update(users)
  .set({ status: 'approved', role: 'sales_rep' })
  .where(inArray(users.email, accounts.approved));
await database.db
  .update(users)
  .set({ status: 'declined', role: 'pending' })
  .where(inArray(users.email, accounts.declined));
const [first] = await database.db
  .select()
  .from(users)
  .where(eq(users.email, accounts.approved[0]!));
if (first?.status !== 'approved') throw new Error('the approved accounts are not approved');

const times: Record<Kind, number[]> = { approved: [], unknown: [], pending: [], declined: [] };
let expectedBody: string | undefined;
for (let i = 0; i < ROUNDS + WARM_UP; i += 1) {
  // Interleaved, so each kind sees the same machine state, in a new random order each round: a
  // request right after a mailed link shares the machine with that mail's delivery.
  const order = [...kinds].sort(() => Math.random() - 0.5);
  for (const kind of order) {
    const email = kind === 'unknown' ? addresses('unknown')[i]! : accounts[kind][i]!;
    const answer = await requestReset(email);
    expectedBody ??= answer.body;
    if (answer.status !== 200 || answer.body !== expectedBody) {
      throw new Error(`reset for ${kind} answered ${answer.status} ${answer.body}`);
    }
    if (i >= WARM_UP) times[kind].push(answer.ms);
  }
}
await app.close();
await database.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
process.stdout.write(
  JSON.stringify({
    rounds: ROUNDS,
    approvedMs: median(times.approved),
    unknownMs: median(times.unknown),
    pendingMs: median(times.pending),
    declinedMs: median(times.declined),
  }),
);
