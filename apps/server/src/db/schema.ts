import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountStatuses, authProviders, roles } from '@deck-portal/domain';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Every field of SPEC.md section 3's User, plus what sign-in needs. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: roles }).notNull().default('pending'),
    status: text('status', { enum: accountStatuses }).notNull().default('pending_approval'),
    passwordHash: text('password_hash'),
    photoURL: text('photo_url'),
    provider: text('provider', { enum: authProviders }).notNull().default('password'),
    isTestUser: boolean('is_test_user').notNull().default(false),
    ...timestamps,
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    roleUpdatedAt: timestamp('role_updated_at', { withTimezone: true }),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in (${inList(roles)})`),
    check('users_status_check', sql`${table.status} in (${inList(accountStatuses)})`),
    check('users_provider_check', sql`${table.provider} in (${inList(authProviders)})`),
    index('users_status_idx').on(table.status),
  ],
);

/** Only the SHA-256 of a session token is stored (DESIGN.md section 4). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
