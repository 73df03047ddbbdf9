import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.ts';
import type { Database } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { createTestDatabase } from './helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('npm run admin', () => {
  it('creates an approved administrator', async () => {
    const message = await runAdminCommand(
      [
        'create',
        '--email',
        'Ops@Example.com',
        '--password',
        'an admin passphrase',
        '--name',
        'Ops Admin',
      ],
      database,
    );
    expect(message).toBe('Created administrator ops@example.com.');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(row).toMatchObject({ role: 'admin', status: 'approved', name: 'Ops Admin' });
  });

  it('promotes an existing account', async () => {
    await database.db.insert(users).values({ email: 'later@example.com', name: 'Later Admin' });
    const message = await runAdminCommand(['promote', '--email', 'later@example.com'], database);
    expect(message).toBe('Later Admin (later@example.com) is now an approved administrator.');
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'later@example.com'));
    expect(row).toMatchObject({ role: 'admin', status: 'approved' });
  });

  it('explains what is wrong and changes nothing', async () => {
    await expect(
      runAdminCommand(['promote', '--email', 'ghost@example.com'], database),
    ).rejects.toThrow('No account uses ghost@example.com.');
    await expect(
      runAdminCommand(
        ['create', '--email', 'weak@example.com', '--password', 'short', '--name', 'W'],
        database,
      ),
    ).rejects.toThrow('--password: Password must be at least 8 characters.');
    await expect(runAdminCommand(['frobnicate'], database)).rejects.toThrow(/^Usage:/);
    const rows = await database.db.select().from(users).where(eq(users.email, 'weak@example.com'));
    expect(rows).toHaveLength(0);
  });
});
