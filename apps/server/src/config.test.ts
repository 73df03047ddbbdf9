import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('reads each variable', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://decks.example.com/',
      DATA_DIR: '/var/lib/deck-portal',
      DATABASE_URL: 'postgres://portal:secret@db.internal:5432/portal',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://decks.example.com',
      dataDir: '/var/lib/deck-portal',
      databaseUrl: 'postgres://portal:secret@db.internal:5432/portal',
      logLevel: 'warn',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/portal'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'decks.example.com'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s (%s) and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});
