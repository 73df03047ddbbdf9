import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountStatuses,
  authProviders,
  deckStatuses,
  roles,
  type DeckDraft,
} from '@deck-portal/domain';

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

/** A Google (or other OpenID Connect) login, keyed on the issuer and its subject id. */
export const identities = pgTable(
  'identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('identities_user_idx').on(table.userId),
  ],
);

/** An OpenID Connect login in progress: what the callback must check. */
export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Single-use password reset links; only the token's SHA-256 is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/** Invitations sent by an administrator; the invitee sets a password through the link. */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: roles }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [index('invitations_email_idx').on(table.email)],
);

/** Notifications for administrators (sign-ups and the like). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    /** The user the notification is about, when there is one. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('notifications_created_idx').on(table.createdAt)],
);

/**
 * Every mail the portal sends, written in the same transaction as the change it reports
 * (a transactional outbox); delivery happens after commit. Without SMTP this table is
 * where mail ends up, and each mail is printed on the console.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    ...timestamps,
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_mails_to_idx').on(table.to),
    index('outbox_mails_pending_idx').on(table.sentAt, table.createdAt),
  ],
);

/** Fixed-window counters for throttling, shared by every server process. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Who did what to whom, for every administrator action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    ...timestamps,
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt)],
);

/** A generated deck: who made it, every field of the rep's draft, and its state. */
export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    clientName: text('client_name').notNull(),
    /** The validated draft, exactly as the deck was generated from it. */
    draft: jsonb('draft').$type<DeckDraft>().notNull(),
    status: text('status', { enum: deckStatuses }).notNull().default('completed'),
    slideCount: integer('slide_count').notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('decks_status_check', sql`${table.status} in (${inList(deckStatuses)})`),
    index('decks_owner_created_idx').on(table.ownerId, table.createdAt),
    index('decks_created_idx').on(table.createdAt),
    unique('decks_owner_idempotency_key').on(table.ownerId, table.idempotencyKey),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The files of a deck (PPTX, PDF, slide SVGs), kept in the database by default. */
export const deckFiles = pgTable(
  'deck_files',
  {
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.deckId, table.name] })],
);

/** View access granted to an e-mail address. */
export const deckShares = pgTable(
  'deck_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    unique('deck_shares_deck_email').on(table.deckId, table.email),
    index('deck_shares_email_idx').on(table.email),
  ],
);
