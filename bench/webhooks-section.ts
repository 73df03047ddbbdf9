// The webhooks' rows of bench/RESULTS.md (issue 51): from a visit's end to the webhook's
// receipt, and view events ingested with webhook endpoints registered against none.
// `npm run bench` writes them with the rest; `node --import tsx bench/webhooks-section.ts` runs
// only this bench and rewrites only its section.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const START = '<!-- webhooks:start -->';
const END = '<!-- webhooks:end -->';

/** What apps/server/bench/webhooks-delivery.ts prints. */
export type WebhookFigures = {
  visits: number;
  p50: number;
  p95: number;
  max: number;
  events: number;
  batch: number;
  concurrency: number;
  rounds: number;
  perSecondWithout: number;
  perSecondWith: number;
  /** The bench process's CPU time (all its threads) per thousand events, median of the rounds. */
  cpuMsPerThousandWithout: number;
  cpuMsPerThousandWith: number;
  receivedDuringIngest: number;
  jobWorkers: number;
};

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const ms = (value: number) => `${value.toLocaleString('en-US')} ms`;

/** The section for `f`, markers included. */
export function formatWebhooksSection(f: WebhookFigures): string {
  const ratio = f.perSecondWith / f.perSecondWithout;
  const body = `## Webhooks: from a visit's end to the receiver

\`apps/server/bench/webhooks-delivery.ts\`: the real app on the embedded database in a data directory (as \`npm start\` runs), its job worker in process (${f.jobWorkers} at once), a receiver on 127.0.0.1 answering 204. A visit's end is timed from the POST of the viewer's last batch, then its end beacon (which records \`visit.ended\`); the event's fan-out job stores the delivery and POSTs it, signed. ${f.visits} visits one after another, after three not counted. Ingest: ${f.events} view events in batches of ${f.batch}, ${f.concurrency} viewers at once, each visit ended by its end beacon after its last batch, with three endpoints that want every event against none; the best of ${f.rounds} interleaved rounds each, taking turns to go first; the receiver got ${f.receivedDuringIngest} messages meanwhile.

| measure | median | p95 | max | target (issue 51) |
|---|---|---|---|---|
| last batch and end beacon → webhook received (${f.visits}) | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | p50 ≤ 1 s (${verdict(f.p50 <= 1_000)}) |

| view events ingested | events/s | ratio to none | CPU per 1,000 events (median; all threads) | target |
|---|---|---|---|---|
| no webhook endpoints | ${f.perSecondWithout.toLocaleString('en-US')} | 1.00 | ${ms(f.cpuMsPerThousandWithout)} | |
| three endpoints, every event | ${f.perSecondWith.toLocaleString('en-US')} | ${ratio.toFixed(2)} | ${ms(f.cpuMsPerThousandWith)} | keeps its rate, ≥ 0.9 (${verdict(ratio >= 0.9)}) |`;
  return `${START}\n${body}\n${END}`;
}

/** Runs the bench in a process of its own and answers its section. */
export async function webhooksSection(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', `${here}../apps/server/bench/webhooks-delivery.ts`],
    { cwd: here, maxBuffer: 16 * 1024 * 1024 },
  );
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as WebhookFigures;
  console.log('webhooks', figures);
  return formatWebhooksSection(figures);
}

/** The document with this section replaced by `section`, or put before the server's hardening. */
export function replaceWebhooksSection(document: string, section: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END, start);
  if (start !== -1 && end !== -1) {
    return document.slice(0, start) + section + document.slice(end + END.length);
  }
  for (const marker of ['<!-- server-hardening:start -->', '<!-- pptx-fidelity:start -->']) {
    const at = document.indexOf(marker);
    if (at !== -1) return `${document.slice(0, at)}${section}\n\n${document.slice(at)}`;
  }
  return `${document.trimEnd()}\n\n${section}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const section = await webhooksSection();
  const file = `${here}RESULTS.md`;
  const document = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, replaceWebhooksSection(document, section));
  console.log(section);
}
