import { pino } from 'pino';
import { createRenderProcess } from './render-process.ts';
import { settlePictureLibrary } from './picture-library.ts';
import { buildServices } from './build-services.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';
import { logSerializers } from './http/log-serializers.ts';
import { terminalLogStream } from './http/terminal-log.ts';
import { startServerJobs } from './server-jobs.ts';

/**
 * `npm run worker`: a process that only runs jobs (renders decks), beside web processes started
 * with JOB_WORKERS=0, all on one PostgreSQL (DATABASE_URL) and one object store (STORAGE=s3, or
 * a shared FILES_DIR). SIGTERM lets the jobs under way finish, up to SHUTDOWN_TIMEOUT_MS.
 */
async function main() {
  const loaded = loadConfigOrExit();
  // A worker process is there to work: JOB_WORKERS=0 is for web processes.
  const config = { ...loaded, jobWorkers: Math.max(1, loaded.jobWorkers) };
  const isPretty = config.logFormat === 'pretty';
  const log = pino(
    { level: config.logLevel, serializers: logSerializers },
    isPretty ? terminalLogStream() : undefined,
  );
  if (!config.databaseUrl) {
    log.error(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the one process that opens it, and npm start runs its own worker.',
    );
    process.exit(1);
  }
  const database = await openDatabase({ driver: 'postgres', url: config.databaseUrl });
  // Pictures checked here for a deck (`checkPicture`) leave a core to this process's other work.
  await settlePictureLibrary({ leaveACore: true });
  const services = buildServices({
    config,
    database,
    log,
    isPretty,
    // As in the web process: decks are drawn in a render process at the background priority,
    // and this process's threads (its jobs' database work) keep the server's (ADR 076). No job
    // decodes an uploaded picture (the routes that take them are the web process's).
    deckRenderer: createRenderProcess({
      maxThreads: config.jobWorkers,
      niceness: config.backgroundNice,
      storage: config.storage,
    }),
  });
  const worker = await startServerJobs(services, database);
  log.info({ workerId: worker.id, jobsAtOnce: config.jobWorkers }, 'job worker started');

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal, running: worker.running }, 'stopping: finishing the jobs under way');
    setTimeout(() => {
      log.error('the jobs under way did not finish in time; they will be retried elsewhere');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    void (async () => {
      await worker.stop();
      await services.deckRenderer.close();
      await services.mailer.close();
      await services.objects.close();
      await database.close();
      process.exit(0);
    })().catch((error: unknown) => {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The job worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
