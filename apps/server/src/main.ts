import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { hasApprovedAdmin } from './auth/create-account.ts';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Stops taking new work, lets in-flight requests finish (bounded), then closes everything. */
async function drainAndClose(app: App, config: Config) {
  app.lifecycle.isShuttingDown = true;
  app.log.info('shutting down: /readyz now answers 503; waiting for in-flight requests');
  const deadline = Date.now() + config.shutdownTimeoutMs;
  while (app.lifecycle.inFlight > 0 && Date.now() < deadline) {
    await sleep(50);
  }
  await app.close();
}

async function main() {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'postgres', url: config.databaseUrl }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  // The pool's first worker starts now and loads the engine in the background, so the first
  // rep to generate after a start does not wait for it.
  const app = await buildApp({ config, database, webRoot, deckRenderer: createDeckRenderer() });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'signal received');
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

  await app.listen({ port: config.port, host: config.host });
  if (!(await hasApprovedAdmin(database.db))) {
    app.log.warn(
      'There is no administrator yet: the first account to sign up becomes the administrator.',
    );
  }
  app.log.info(
    `Deck Portal is serving ${config.publicUrl} on ${database.driver === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}`,
  );
}

main().catch((error: unknown) => {
  console.error('Deck Portal could not start:', error instanceof Error ? error.message : error);
  if (process.env.DEBUG_START) console.error(error);
  process.exit(1);
});
