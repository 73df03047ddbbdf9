import path from 'node:path';
import { z } from 'zod';

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
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
  };
}
