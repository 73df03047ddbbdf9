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
      tutorialUrl: '/help',
    });
  });

  it('logs readable lines at a terminal, JSON when piped or in production, as LOG_FORMAT says', () => {
    expect(loadConfig({}, { isTerminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { isTerminal: false }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production' }, { isTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { isTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { isTerminal: false }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: must be json or pretty');
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
    ['STORAGE', 'ftp'],
    ['S3_PREFIX', '../up'],
    ['S3_ENDPOINT', 'minio:9000'],
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

  it('keeps files under DATA_DIR by default, or in the bucket STORAGE=s3 names', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/portal/files',
    });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'decks',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'portal/',
        S3_SIGNED_URL_SECONDS: '120',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'decks',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'portal/',
      signedUrlSeconds: 120,
    });
    expect(() => loadConfig({ S3_SIGNED_URL_SECONDS: '86400' })).toThrow(
      /S3_SIGNED_URL_SECONDS: must be a whole number of seconds from 0 to 3600/,
    );
    expect(loadConfig({ JOB_WORKERS: '0', JOB_LEASE_MS: '5000' })).toMatchObject({
      jobWorkers: 0,
      jobLeaseMs: 5000,
    });
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS: must be a whole/);
    expect(loadConfig({}).backgroundNice).toBe(19);
    expect(loadConfig({ BACKGROUND_NICE: '0' }).backgroundNice).toBe(0);
    expect(() => loadConfig({ BACKGROUND_NICE: '20' })).toThrow(
      /BACKGROUND_NICE: must be a whole number from 0 to 19/,
    );
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE is s3/,
    );
  });

  it('names the product and the company from PRODUCT_NAME and COMPANY_NAME', () => {
    expect(loadConfig({})).toMatchObject({
      productName: 'Deck Portal',
      companyName: undefined,
      mailFrom: 'Deck Portal <no-reply@deck-portal.local>',
    });
    const named = loadConfig({ PRODUCT_NAME: ' Pitch Room ', COMPANY_NAME: 'Acme, Inc.' });
    expect(named).toMatchObject({
      productName: 'Pitch Room',
      companyName: 'Acme, Inc.',
      mailFrom: 'Pitch Room <no-reply@deck-portal.local>',
    });
    // A comma is a list separator in a From header: such a name is quoted there.
    expect(loadConfig({ PRODUCT_NAME: 'Acme, Decks' }).mailFrom).toBe(
      '"Acme, Decks" <no-reply@deck-portal.local>',
    );
    expect(loadConfig({ PRODUCT_NAME: 'X', MAIL_FROM: 'Sales <s@acme.test>' }).mailFrom).toBe(
      'Sales <s@acme.test>',
    );
  });
});
