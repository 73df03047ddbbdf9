import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The newest Debian PostgreSQL binaries (`/usr/lib/postgresql/<major>/bin`), if installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return majors
    .map((major) => path.join(root, major, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

const isRoot = process.getuid?.() === 0;

async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * Why a throwaway cluster cannot be started here, or undefined when it can: the binaries are
 * missing, or the tests run as root (PostgreSQL refuses root) without a `postgres` user.
 */
export async function throwawayPostgresUnavailableReason(): Promise<string | undefined> {
  if (!findPostgresBin()) {
    return 'PostgreSQL binaries are not installed (/usr/lib/postgresql/*/bin: apt-get install postgresql)';
  }
  if (isRoot && !(await postgresUserIds())) {
    return 'the tests run as root and there is no postgres user to run PostgreSQL as';
  }
  return undefined;
}

export type ThrowawayPostgres = {
  /** A connection URL for the `postgres` database as the `postgres` superuser. */
  url: string;
  /** Stops the server the way an operator does (`pg_ctl stop -m fast`); the data stays. */
  stop(): Promise<void>;
  /** Starts the stopped server again on the same port, and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its files. */
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL cluster of its own for one test file: a fresh data directory, trust
 * authentication, TCP on 127.0.0.1 at a free port, its socket in its own directory, fsync off.
 * Run as the `postgres` user when the tests run as root.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries are not installed');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-pg-'));
  if (isRoot) {
    const ids = await postgresUserIds();
    if (!ids) throw new Error('there is no postgres user');
    await chown(dir, ids.uid, ids.gid);
  }
  const tool = (name: string, args: string[]) =>
    isRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);

  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const serverOptions = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=off',
  ].join(' ');
  let isRunning = false;

  const start = async () => {
    await tool('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-o',
      serverOptions,
      '-w',
      'start',
    ]);
    isRunning = true;
  };
  const stop = async () => {
    await tool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    isRunning = false;
  };

  try {
    await tool('initdb', ['-D', dataDir, '--auth=trust', '-U', 'postgres', '--no-sync']);
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      if (isRunning) {
        await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
