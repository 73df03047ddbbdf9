// `npm run admin -- create --email … --password … --name …` and `npm run admin -- promote --email …`
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailSchema, fullNameSchema, passwordSchema } from '@deck-portal/domain';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { createAccount } from '../auth/create-account.ts';
import { hashPassword, isCommonPassword } from '../auth/passwords.ts';
import { AppError } from '../http/app-error.ts';

const usage = `Usage:
  npm run admin -- create --email EMAIL --password PASSWORD --name "FULL NAME"
  npm run admin -- promote --email EMAIL`;

class UsageError extends Error {}

function parseField<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  flag: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(`--${flag}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

export async function runAdminCommand(argv: string[], database: Database): Promise<string> {
  const [command, ...rest] = argv;
  if (command !== 'create' && command !== 'promote') throw new UsageError(usage);
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = parseField(emailSchema, values.email, 'email');
  const now = systemClock.now();

  if (command === 'create') {
    const password = parseField(passwordSchema, values.password, 'password');
    const name = parseField(fullNameSchema, values.name, 'name');
    if (await isCommonPassword(password))
      throw new UsageError('--password: this password is too common');
    const config = loadConfig();
    await createAccount(
      { db: database.db, clock: systemClock, config },
      {
        email,
        name,
        passwordHash: await hashPassword(password),
        provider: 'password',
        approvedAs: 'admin',
      },
    );
    return `Created administrator ${email}.`;
  }
  if (command === 'promote') {
    const [user] = await database.db
      .update(users)
      .set({
        role: 'admin',
        status: 'approved',
        approvedAt: now,
        roleUpdatedAt: now,
        removedAt: null,
        declinedAt: null,
      })
      .where(eq(users.email, email))
      .returning();
    if (!user) throw new UsageError(`No account uses ${email}.`);
    return `${user.name} (${email}) is now an approved administrator.`;
  }
  throw new UsageError(usage);
}

async function main() {
  let database: Database | undefined;
  try {
    const config = loadConfig();
    database = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl }
        : { driver: 'pglite', dataDir: config.dataDir },
    );
    console.log(await runAdminCommand(process.argv.slice(2), database));
  } catch (error) {
    const isExpected =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof AppError ||
      (error instanceof TypeError && 'code' in error);
    console.error(isExpected ? (error as Error).message : error);
    if (error instanceof UsageError && !error.message.startsWith('Usage')) console.error(usage);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
