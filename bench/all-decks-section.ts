// The All decks rows of bench/RESULTS.md (issues 40 and 52): the managers' list and a rep's
// recent decks with a small and a large history, on two shapes of client names, one request at
// a time and from 4 connections at once. `npm run bench` writes them with the rest;
// `node --import tsx bench/all-decks-section.ts` runs only this bench (on the embedded
// database, and on PostgreSQL when DATABASE_URL names a server) and prints its section.
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));

type Stats = { p50: number; p99: number };
/**
 * `cpuMsPerRequest`: the server process's CPU time a request (its database's too when embedded);
 * `databaseCpuMsPerRequest`: on PostgreSQL, its backends' for the server's database.
 */
type LoadStats = Stats & {
  requestsPerSecond: number;
  cpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
};
type ShapeFigures = {
  sequential: Record<string, Record<string, Stats>>;
  concurrent: Record<string, Record<string, LoadStats>>;
  throughputRatios?: Record<string, number>;
};
/** What apps/server/bench/all-decks-at-scale.ts prints. */
export type AllDecksFigures = {
  database: 'postgres' | 'pglite';
  requests: number;
  seconds: number;
  /** Rounds of `seconds` each size's server was loaded for, the sizes in turn within a round. */
  rounds: number;
  connections: number;
  sizes: number[];
  shapes: Record<string, ShapeFigures>;
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const label = (n: number) => n.toLocaleString('en-US');
const queryNames: Record<string, Record<string, string>> = {
  hex: {
    firstPage: 'first page',
    clientSearch: 'client search (10 characters of one name)',
    broadSearch: 'broad search (`4a7f`)',
    deepPage: 'page after a position half-way',
    repRecent: "a rep's recent decks",
  },
  words: {
    firstPage: 'first page',
    clientSearch: 'client search (`Client 9876`)',
    sameAnswerSearch:
      'client search finding the same 11 names at each size (`Client 98` at 1,000 decks, `Client 9876` at 100,000, `Client 98765` at 1,000,000)',
    broadSearch: 'common words (`Cold Storage`)',
    deepPage: 'page after a position half-way',
    repRecent: "a rep's recent decks",
  },
};
const shapeNames: Record<string, string> = {
  hex: 'random hexadecimal',
  words: 'sharing words',
};

/** The section for the runs given (one a database), markers included. */
export function formatAllDecksSection(runs: AllDecksFigures[]): string {
  const [first] = runs;
  if (!first) return '';
  const rows = runs.flatMap((run) => {
    const [small, large] = [...run.sizes].sort((a, b) => a - b) as [number, number];
    const database = run.database === 'postgres' ? 'PostgreSQL' : 'embedded';
    return Object.entries(run.shapes).flatMap(([shape, figures]) =>
      Object.keys(figures.concurrent[small] ?? {}).map((query) => {
        const one = (size: number) => {
          const s = figures.sequential[size]?.[query];
          return s ? `${label(size)}: ${s.p50} / ${s.p99} ms` : '–';
        };
        const four = (size: number) => {
          const s = figures.concurrent[size]![query]!;
          const database =
            s.databaseCpuMsPerRequest === undefined
              ? ''
              : ` + database ${s.databaseCpuMsPerRequest} ms`;
          const cpu =
            s.cpuMsPerRequest === undefined
              ? ''
              : `, CPU ${s.cpuMsPerRequest} ms${database} a request`;
          return `${label(size)}: ${s.requestsPerSecond}/s, ${s.p50} / ${s.p99} ms${cpu}`;
        };
        const loaded = figures.concurrent[large]![query]!;
        const sequentialP99 = figures.sequential[large]?.[query]?.p99;
        const throughput = figures.throughputRatios?.[query] ?? NaN;
        // The hexadecimal broad search finds none at 1,000 decks and ~450 at a million: its
        // throughput is not the same work at both sizes.
        const comparable = !(shape === 'hex' && query === 'broadSearch');
        const targets = [
          `p99 ≤ 100 ms (${verdict(loaded.p99 <= 100 && (sequentialP99 ?? 0) <= 100)})`,
          ...(comparable ? [`throughput ≥ 0.8× (${verdict(throughput >= 0.8)})`] : []),
        ];
        return `| ${database} | ${shapeNames[shape] ?? shape} | ${queryNames[shape]?.[query] ?? query} | ${one(small)} | ${one(large)} | ${four(small)} | ${four(large)} | ${throughput.toFixed(2)} | ${targets.join('; ')} |`;
      }),
    );
  });
  const sizes = runs
    .map(
      (run) =>
        `${run.database === 'postgres' ? 'PostgreSQL' : 'embedded'}: ${run.sizes.map(label).join(' and ')}`,
    )
    .join('; ');
  return `## All decks with a long history

\`apps/server/bench/all-decks-at-scale.ts\` (issues 40, 52): the managers' list (20 decks a page) and a rep's recent decks (10 a page, the rep owning 200 decks spread over the history) through the real server in a process of its own, its decks written straight into the table, then vacuumed and analysed as autovacuum leaves a table that grew over years (${sizes} decks). Two shapes of client names: random hexadecimal ones ("Client 3f2a…", rare trigrams) and names that share words as real ones do ("Client 1" … "Client 1000000", one in five with " Ltd", " Cold Storage" or " GmbH"). Both sizes' servers run at once and are measured in turn, the order reversed each round, so that the shared machine's changing load weighs on both alike. One at a time: ${first.requests} requests a query and size after 10 not timed, in 3 rounds taken in turn with the other queries' and size's (the round with the median p99 shown). Then ${first.connections} autocannon connections at once, ${first.rounds} rounds of ${first.seconds} s a query and size (after 1 s not measured in the first): the median round's requests a second, the round with the median p99, the server process's median CPU time a request (its database's too when embedded; on PostgreSQL the database backends' is given after it), and as the throughput ratio the median of the rounds' ratios of the large size to the small one, each pair measured seconds apart. Keyset pages, a count capped at 1,000 ("1,000+"), a client search's at 100 ("100+"), a search's page and count from one scan of its matches, a trigram index for the client search asked only for the words none of whose trigrams is common (statistics on the names' trigrams), and an index of every run of five characters of the names asked for the first and last five of such a word when it has five or more (ADR 073). Targets (issue 52) on the large size: p99 ≤ 100 ms one at a time and at ${first.connections} connections; throughput ≥ 0.8× the small size's.

| database | names | query | one at a time, small: p50 / p99 | large: p50 / p99 | ${first.connections} connections, small: req/s, p50 / p99 | large: req/s, p50 / p99 | throughput ratio | target |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

/** Runs the bench on the embedded database, and on PostgreSQL at `postgresUrl` when given. */
export async function allDecksSection(postgresUrl: string | undefined): Promise<string> {
  const runs: AllDecksFigures[] = [];
  for (const url of ['', ...(postgresUrl ? [postgresUrl] : [])]) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `${here}../apps/server/bench/all-decks-at-scale.ts`],
      {
        cwd: here,
        maxBuffer: 16 * 1024 * 1024,
        env: {
          ...process.env,
          DATABASE_URL: url,
          BENCH_DECKS: url ? '1000,1000000' : '1000,100000',
        },
      },
    );
    runs.push(JSON.parse(stdout.trim().split('\n').at(-1)!) as AllDecksFigures);
    console.log('all decks', stdout.trim().split('\n').at(-1));
  }
  return formatAllDecksSection(runs);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log(await allDecksSection(process.env.DATABASE_URL || undefined));
}
