import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from './app.ts';
import { loadConfigOrExit, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

// How long closing the database and the render workers may take once the requests are done.
const closeGraceMs = 5_000;

/**
 * Drains the server. From the signal on the listener stays open and answers: `/readyz` 503,
 * new API requests and client pages 503 with Retry-After (see refuse-while-draining.ts), and
 * every response closes its connection. Requests already in flight finish, up to
 * SHUTDOWN_TIMEOUT_MS. Only then does the server close: Node's `server.close()` closes the
 * connections idle at that moment and waits for the others, so it is called once nothing is in
 * flight, and connections still open at the deadline are cut.
 */
async function drainAndClose(app: App, config: Config) {
  const deadline = Date.now() + config.shutdownTimeoutMs;
  app.lifecycle.isShuttingDown = true;
  app.lifecycle.draining.abort();
  app.log.info('shutting down: /readyz now answers 503; waiting for in-flight requests');
  while (app.lifecycle.inFlight > 0 && Date.now() < deadline) {
    await sleep(20);
  }
  if (app.lifecycle.inFlight > 0) {
    app.log.warn(
      { inFlight: app.lifecycle.inFlight },
      'shutdown timeout reached: closing the requests still in flight',
    );
  }
  const cutAtDeadline = setTimeout(
    () => app.server.closeAllConnections(),
    Math.max(0, deadline - Date.now()),
  );
  try {
    await app.close();
  } finally {
    clearTimeout(cutAtDeadline);
  }
}

async function main() {
  const config = loadConfigOrExit();
  // The embedded database starts on a thread of its own (a new data directory takes seconds to
  // create and migrate) while this thread loads the rest of the server: a first start waits for
  // the longer of the two, not for both.
  const opening = openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  opening.catch(() => {}); // awaited below; this only keeps it from counting as unhandled
  const [{ buildApp }, { createRenderProcess }, { startFileMaintenance }, { hasApprovedAdmin }] =
    await Promise.all([
      import('./app.ts'),
      import('./render-process.ts'),
      import('./file-maintenance.ts'),
      import('./auth/create-account.ts'),
      // Pictures this process still reads (a deck's picture checked, a preview) leave a core to
      // the thread answering requests; uploads are decoded in the render process (ADR 077).
      import('./picture-library.ts').then(({ settlePictureLibrary }) =>
        settlePictureLibrary({ leaveACore: true }),
      ),
    ]);
  const database = await opening;
  // The render process starts now, and its pool's first worker loads the engine in the
  // background, so the first rep to generate after a start does not wait for it. Decks, imports,
  // accepted PDFs and uploaded pictures are made there, at the background priority (ADRs 076,
  // 077); this process's threads all keep the server's.
  const renderProcess = createRenderProcess({
    niceness: config.backgroundNice,
    storage: config.storage,
  });
  const app = await buildApp({
    config,
    database,
    webRoot,
    deckRenderer: renderProcess,
    pictureDecoder: renderProcess,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'signal received');
    // Whatever happens while closing, the process ends shortly after the timeout.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, config.shutdownTimeoutMs + closeGraceMs).unref();
    drainAndClose(app, config).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Asked before listening, so the banner and this warning are written before the first request
  // can be answered.
  const hasAdmin = await hasApprovedAdmin(database.db);
  await app.listen({ port: config.port, host: config.host });
  startFileMaintenance(app);
  app.log.info(startBanner(config, database.driver));
  // Without an administrator nobody can approve anyone: said at warn, so it shows at any level.
  if (!hasAdmin) {
    app.log.warn(
      `There is no administrator yet: the first account to sign up becomes the administrator (${config.publicUrl}/auth).`,
    );
  }
}

/** What a person starting the portal needs to know, in a few lines. */
function startBanner(config: Config, driver: 'pglite' | 'postgres') {
  const lines = [
    `${config.productName} is ready: open ${config.publicUrl}`,
    `  database: ${driver === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  jobs: ${config.jobWorkers > 0 ? `${config.jobWorkers} at once in this process` : 'run by `npm run worker` processes (JOB_WORKERS=0)'}`,
    `  mail: ${config.smtpUrl ? 'sent through SMTP_URL' : 'not sent (no SMTP_URL): shown here and on the admin Outbox page'}`,
  ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error('Deck Portal could not start:', error instanceof Error ? error.message : error);
  if (process.env.DEBUG_START) console.error(error);
  process.exit(1);
});
