import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { defaultProductName } from '@deck-portal/domain/product-name';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^postgres(ql)?:\/\/[^/]+/.test(value) && URL.canParse(value),
      'must be a postgres:// or postgresql:// connection URL',
    )
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  NODE_ENV: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  SMTP_URL: z
    .string()
    .refine(
      (value) => /^smtps?:\/\//.test(value) && URL.canParse(value),
      'must be an smtp:// or smtps:// URL',
    )
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** What the portal calls itself in mails and titles. */
  PRODUCT_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, 'must be at most 60 characters')
    .default(defaultProductName),
  /** The company running the portal, named in mails; the published brand's name when unset. */
  COMPANY_NAME: z.string().trim().max(120, 'must be at most 120 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url({ error: 'must be the issuer URL' }).default('https://accounts.google.com'),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
    .optional(),
  TUTORIAL_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  IP_ATTEMPT_LIMIT: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(100),
  MAIL_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(30),
  /** Requests one API token may make a minute (issue 51). */
  API_TOKEN_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(600),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** Jobs this process runs at once (decks rendered side by side); 0 = a web process only. */
  JOB_WORKERS: z.coerce
    .number({ error: 'must be a whole number from 0 to 64' })
    .int('must be a whole number from 0 to 64')
    .min(0, 'must be a whole number from 0 to 64')
    .max(64, 'must be a whole number from 0 to 64')
    .optional(),
  /**
   * LibreOffice's `soffice`, used at PowerPoint import to show how slides looked in the original
   * and to keep charts and SmartArt as pictures of themselves; `off` to do without. Found on the
   * PATH when not set.
   */
  OFFICE_RENDERER: z.string().trim().min(1).optional(),
  /**
   * The nice value background work runs at (the render process, every thread of it, and the
   * LibreOffice it starts; as SCHED_IDLE too where `chrt` can set it): 0-19, the lowest by
   * default, 0 to run it at the server's own priority (ADRs 065, 074, 076).
   */
  BACKGROUND_NICE: z.coerce
    .number({ error: 'must be a whole number from 0 to 19' })
    .int('must be a whole number from 0 to 19')
    .min(0, 'must be a whole number from 0 to 19')
    .max(19, 'must be a whole number from 0 to 19')
    .default(19),
  /** How long a worker's claim on a job holds without renewal: a dead worker's job waits this long. */
  JOB_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, at least 1000' })
    .int('must be a whole number of milliseconds, at least 1000')
    .min(1_000, 'must be a whole number of milliseconds, at least 1000')
    .default(30_000),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  FILES_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .refine(
      (value) => /^https?:\/\//.test(value) && URL.canParse(value),
      'must be the endpoint URL, like https://s3.example.com',
    )
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_SIGNED_URL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 0 to 3600' })
    .int('must be a whole number of seconds from 0 to 3600')
    .min(0, 'must be a whole number of seconds from 0 to 3600')
    .max(3600, 'must be a whole number of seconds from 0 to 3600')
    .default(0),
  /** The workspace's Slack incoming-webhook address: alerts of reps who set none of their own. */
  ALERTS_SLACK_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .optional(),
  /**
   * Lets webhooks go to private and loopback addresses (a receiver on this machine, in tests);
   * off by default, so an endpoint cannot reach into the portal's own network.
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'must be folder names each ending in /, like deck-portal/')
    .default(''),
});

/** Where files' bytes go: a folder on this machine, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
      /** Downloads redirect to a URL signed for this long (after every access check); 0 = off. */
      signedUrlSeconds: number;
    };

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** `pretty`: readable lines for a person at a terminal; `json`: one JSON object a line. */
  logFormat: 'json' | 'pretty';
  shutdownTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `PRODUCT_NAME`: the portal's own name in mails and titles. */
  productName: string;
  /** `COMPANY_NAME`, or undefined: mails then name the published brand's company, if any. */
  companyName: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  adminEmails: string[];
  tutorialUrl: string;
  ipAttemptLimit: number;
  mailLimitPerHour: number;
  /** `API_TOKEN_RATE_LIMIT`: requests one API token may make a minute. */
  apiTokenRequestsPerMinute: number;
  trustProxy: boolean;
  storage: StorageConfig;
  /** Jobs this process runs at once; 0 when another process (`npm run worker`) runs them. */
  jobWorkers: number;
  jobLeaseMs: number;
  /** The office renderer for PowerPoint imports (`soffice`), or undefined. */
  officeRenderer: string | undefined;
  /** `BACKGROUND_NICE`: the nice value of the render process's threads and LibreOffice (0: not lowered; ADR 076). */
  backgroundNice: number;
  /** `ALERTS_SLACK_WEBHOOK_URL`: where Slack alerts go for reps with no address of their own. */
  alertsSlackWebhookUrl: string | undefined;
  /** `WEBHOOKS_ALLOW_PRIVATE`: webhooks may go to private and loopback addresses. */
  webhooksAllowPrivate: boolean;
};

/** A program on the PATH, by its full path; undefined when there is none. */
function findOnPath(program: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A display name for a From header: quoted when it holds a character with a meaning there. */
function mailDisplayName(name: string) {
  return /^[\w !#$%&'*+\-/=?^`{|}~.]*$/.test(name) ? name : `"${name.replace(/["\\]/g, '')}"`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { isTerminal = process.stdout.isTTY === true }: { isTerminal?: boolean } = {},
): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.STORAGE === 's3' && !values.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required when STORAGE is s3');
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    // Readable at a terminal in development; JSON when piped, collected or in production.
    logFormat:
      values.LOG_FORMAT ?? (isTerminal && values.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    smtpUrl: values.SMTP_URL,
    mailFrom:
      values.MAIL_FROM ?? `${mailDisplayName(values.PRODUCT_NAME)} <no-reply@deck-portal.local>`,
    productName: values.PRODUCT_NAME,
    companyName: values.COMPANY_NAME,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            issuer: values.OIDC_ISSUER,
          }
        : undefined,
    adminEmails: values.ADMIN_EMAILS ?? [],
    ipAttemptLimit: values.IP_ATTEMPT_LIMIT,
    mailLimitPerHour: values.MAIL_LIMIT_PER_HOUR,
    apiTokenRequestsPerMinute: values.API_TOKEN_RATE_LIMIT,
    trustProxy: values.TRUST_PROXY,
    // One more deck at once than the render pool has threads: the pool stays busy while a
    // finished deck is being stored.
    jobWorkers: values.JOB_WORKERS ?? Math.max(2, availableParallelism()),
    jobLeaseMs: values.JOB_LEASE_MS,
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE,
    alertsSlackWebhookUrl: values.ALERTS_SLACK_WEBHOOK_URL,
    officeRenderer:
      values.OFFICE_RENDERER === 'off'
        ? undefined
        : (values.OFFICE_RENDERER ?? findOnPath('soffice', env.PATH)),
    backgroundNice: values.BACKGROUND_NICE,
    storage:
      values.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: values.S3_BUCKET!,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            prefix: values.S3_PREFIX,
            signedUrlSeconds: values.S3_SIGNED_URL_SECONDS,
          }
        : { kind: 'local', dir: path.resolve(values.FILES_DIR ?? path.join(dataDir, 'files')) },
    // The portal's own guide unless the installation has a video of its own.
    tutorialUrl: values.TUTORIAL_URL ?? '/help',
  };
}

/** The configuration, or the process ends with each bad variable named (for entry points). */
export function loadConfigOrExit(): Config {
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
