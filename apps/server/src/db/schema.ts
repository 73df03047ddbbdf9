import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  accountStatuses,
  authProviders,
  deckStatuses,
  roles,
  type DeckDraft,
  type DeckPriceBook,
  type Product,
  type Brand,
  type TemplateCategory,
  type TemplateElement,
  type TemplateLayout,
  type TemplateLibraryDocuments,
  type TemplatePart,
  type ImportedSlideSource,
  type TemplateSlideDocument,
  type DealCheck,
  type DealDeskSettings,
  type StoredProposalSummary,
  type SlideLink,
  approvalRequestStates,
  editedFileStates,
  shareAccessValues,
  type EditedDeck,
  type PlannedSlideKey,
  type FigureChange,
  type SlideChange,
  type Market,
  type PriceList,
  type SlideProducts,
} from '@deck-portal/domain';

export const uploadKinds = [
  'profile_photo',
  'slide_picture',
  'library_picture',
  'library_font',
] as const;

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
    /** The rep's profile, shown to clients on the cover, the closing slide and the client page. */
    jobTitle: text('job_title'),
    phone: text('phone'),
    /** A photo the user uploaded (it wins over a Google `photoURL`). */
    photoUploadId: uuid('photo_upload_id').references((): AnyPgColumn => uploads.id, {
      onDelete: 'set null',
    }),
    /** The market and language the rep's new decks start with (issue 50); null: the portal's. */
    market: text('market'),
    language: text('language'),
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

/**
 * A Google identity whose e-mail belongs to an existing account that has not linked it: it is
 * joined to that account only after the account's own password is entered once in the same
 * browser (the cookie holds the token, the table its SHA-256).
 */
export const pendingIdentityLinks = pgTable('pending_identity_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
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

/**
 * Notifications: for administrators (sign-ups and the like) when `recipientUserId` is null,
 * else for that one user (a client opened one of their links).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    /** The user the notification is about, when there is one. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** The client link the notification is about; it goes when the link (or its deck) goes. */
    clientLinkId: uuid('client_link_id').references(() => clientLinks.id, {
      onDelete: 'cascade',
    }),
    /** Where in the portal it leads (`/approvals`, a deck's page), when not a client link's page. */
    linkPath: text('link_path'),
    ...timestamps,
  },
  (table) => [
    index('notifications_created_idx').on(table.createdAt),
    index('notifications_recipient_idx').on(table.recipientUserId, table.createdAt),
  ],
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
    replyTo: text('reply_to'),
    /** Files sent with the mail: their bytes are in the object store under `key`. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; key: string }[]>()
      .notNull()
      .default([]),
    /** The text holds a credential (a client link): it is blanked once the mail is sent. */
    isSecret: boolean('is_secret').notNull().default(false),
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
    /**
     * What was acted on besides a user (issue 51): `deck`, `link`, `user`, `product`, `market`,
     * `price_list`, `library`, `webhook`, `api_token`…, its id and its name as it was then.
     */
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    /** The address the request came from (null for work no request did: jobs, the CLI). */
    ip: text('ip'),
    ...timestamps,
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
    index('audit_log_target_idx').on(table.targetKind, table.targetId, table.createdAt),
  ],
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
    /** The newest version's number: title, client, draft and counts above are that version's. */
    currentVersion: integer('current_version').notNull().default(1),
    /** When the deck was archived (status 'archived'); null otherwise. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request the idempotency key was first used with: a reuse must match it. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** Why the deck could not be generated (status 'failed'), in words the rep can act on. */
    generationError: text('generation_error'),
    /** When a client accepted the deck on a client link: it is locked from then on (issue 19). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('decks_status_check', sql`${table.status} in (${inList(deckStatuses)})`),
    index('decks_owner_created_idx').on(table.ownerId, table.createdAt),
    // Counts a rep's decks from the index alone (an index-only scan): without it each of the
    // rep's decks is a heap page read to check its status, which grows with the table.
    index('decks_owner_status_idx').on(table.ownerId, table.status),
    index('decks_created_idx').on(table.createdAt),
    // The engagement report's accepted decks of a range (issue 51).
    index('decks_accepted_idx')
      .on(table.acceptedAt)
      .where(sql`${table.acceptedAt} is not null`),
    unique('decks_owner_idempotency_key').on(table.ownerId, table.idempotencyKey),
  ],
);

/** What a version was priced with: its market and the price lists as they stood. */
export type PricingContext = { market: Market; priceLists: PriceList[] };

/** Who sent a version, as the client saw it then (the profile may change later). */
export type VersionPresenter = {
  name: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
};

/**
 * One generation of a deck. Version 1 is made with the deck; Modify → Generate, or a restore,
 * adds the next number. Its files are stored under `v{number}/` in the file store.
 */
export const versionEditKinds = ['online', 'file'] as const;

export const deckVersions = pgTable(
  'deck_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    clientName: text('client_name').notNull(),
    draft: jsonb('draft').$type<DeckDraft>().notNull(),
    slideCount: integer('slide_count').notNull(),
    /** Each slide's title, in order: analytics name slides by them. */
    slideTitles: jsonb('slide_titles').$type<string[]>().notNull().default([]),
    /** Each slide's linked words, in order: the web views lay them over its picture. */
    slideLinks: jsonb('slide_links').$type<SlideLink[][]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** What changed in the draft since the version before, in words; empty for version 1. */
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    presenter: jsonb('presenter').$type<VersionPresenter>(),
    /** The version this one restored, when it was made by a restore. */
    restoredFrom: integer('restored_from'),
    /**
     * How it was edited, when it was (issue 49): `online` in the editor, `file` from an edited
     * PowerPoint file brought back. Its slides are then `edited`, drawn as they are.
     */
    editKind: text('edit_kind', { enum: versionEditKinds }),
    /** The slides as edited, which its files were drawn from (null: drawn from `draft`). */
    edited: jsonb('edited').$type<EditedDeck>(),
    /**
     * Each slide of its files, in order: the key it keeps when edited and whether its figures are
     * the quote's (null for versions made before the editor).
     */
    slidePlan: jsonb('slide_plan').$type<PlannedSlideKey[]>(),
    /**
     * Which products each slide is about, in slide order (issue 51): a visit's seconds are given
     * to products by it. Empty for versions made before it: their time counts as general.
     */
    slideProducts: jsonb('slide_products').$type<SlideProducts>().notNull().default([]),
    /** The content library version it was drawn from (none for versions made before there were any). */
    libraryVersion: integer('library_version'),
    /**
     * The price book entries it was priced from, one per product it names (none for versions
     * made before the price book was data): its figures never change when prices do.
     */
    priceBook: jsonb('price_book').$type<DeckPriceBook>(),
    /**
     * The market and price lists it was priced with (issue 50): drawn again, it keeps its
     * currency, tax and rates (null before markets: the US in dollars).
     */
    pricingContext: jsonb('pricing_context').$type<PricingContext>(),
    /** The deal desk's check of its prices for the owner's role (issue 19; null before it). */
    dealCheck: jsonb('deal_check').$type<DealCheck>(),
    /**
     * The approval request that cleared its prices, when it needed one: its files carry no
     * watermark. A version that needs approval and has none is watermarked.
     */
    approvedBy: uuid('approved_by_request').references((): AnyPgColumn => approvalRequests.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    ...timestamps,
  },
  (table) => [
    unique('deck_versions_deck_number').on(table.deckId, table.number),
    unique('deck_versions_deck_idempotency_key').on(table.deckId, table.idempotencyKey),
  ],
);

/**
 * A file a user uploaded: a profile photo or a custom slide's picture. Its bytes are in the
 * object store under `uploads/{id}`; `content` is only for rows written before that.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: uploadKinds }).notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content'),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    /** The file's name as it was uploaded (the picture library shows and searches it). */
    name: text('name'),
    /** Words the picture library is filtered by, lower case. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    check('uploads_kind_check', sql`${table.kind} in (${inList(uploadKinds)})`),
    index('uploads_owner_idx').on(table.ownerId, table.createdAt),
  ],
);

/**
 * The files of a deck (PPTX, PDF, slide SVGs): what they are, here; their bytes in the object
 * store (`STORAGE`) under `decks/{deckId}/{name}`. `content` holds the bytes only for files
 * stored before the object store existed, until the start-up move takes them out.
 */
export const deckFiles = pgTable(
  'deck_files',
  {
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content'),
    byteSize: integer('byte_size'),
    /** Hex SHA-256 of the bytes, checked when they are moved and read back in tests. */
    sha256: text('sha256'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.deckId, table.name] }),
    // Finds the files the start-up move has still to take out of the database.
    index('deck_files_in_database_idx')
      .on(table.deckId)
      .where(sql`${table.content} is not null`),
  ],
);

/** A deck shared with an e-mail address, to view or to edit. */
export const deckShares = pgTable(
  'deck_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** `view`: open and download; `edit`: also edit it online and bring edited files back. */
    access: text('access', { enum: shareAccessValues }).notNull().default('view'),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    check('deck_shares_access_check', sql`${table.access} in (${inList(shareAccessValues)})`),
    unique('deck_shares_deck_email').on(table.deckId, table.email),
    index('deck_shares_email_idx').on(table.email),
  ],
);

/**
 * A link that lets one client open one deck without an account. Only the SHA-256 of its token
 * is kept, so the address is told to the rep once, when the link is made.
 */
export const clientLinks = pgTable(
  'client_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    /** argon2id, like passwords; null when the link has no passcode. */
    passcodeHash: text('passcode_hash'),
    allowDownload: boolean('allow_download').notNull().default(true),
    /** The version the link always shows; null follows the newest version. */
    pinnedVersion: integer('pinned_version'),
    /** Whether the client may accept (or decline) the proposal on the link (issue 19). */
    acceptanceEnabled: boolean('acceptance_enabled').notNull().default(false),
    /** Products the rep marked optional: the client chooses whether they are in. */
    optionalProductIds: jsonb('optional_product_ids').$type<string[]>().notNull().default([]),
    /** The deck version the link showed when it was made: acceptance of a changed deck is refused. */
    versionAtCreation: integer('version_at_creation'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set by the first counted visit, in the transaction that notifies the owner. */
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    /** The viewer must prove an e-mail address by a code before seeing anything (issue 51). */
    requireEmail: boolean('require_email').notNull().default(false),
    /** When set, only addresses at these domains (lower case, no `@`) may verify. */
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
  },
  (table) => [index('client_links_deck_idx').on(table.deckId, table.createdAt)],
);

/** A passcode entered right: the SHA-256 of the cookie that proves it, for one link. */
export const clientLinkUnlocks = pgTable(
  'client_link_unlocks',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The address the viewer proved by a code, on a link that asks for one (issue 51). */
    verifiedEmail: text('verified_email'),
  },
  (table) => [index('client_link_unlocks_link_idx').on(table.linkId)],
);

/**
 * A code mailed to a viewer of a link that asks for an e-mail address (issue 51): only its
 * SHA-256 is kept; valid for minutes, a few tries, used once.
 */
export const clientLinkViewerCodes = pgTable(
  'client_link_viewer_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('client_link_viewer_codes_link_idx').on(table.linkId, table.email)],
);

/**
 * One opening of a client link. The running totals are kept here, updated by the statement
 * that checks a batch of events against the visit's limits, so concurrent batches cannot
 * pass a limit together.
 */
export const clientLinkVisits = pgTable(
  'client_link_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => clientLinks.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The deck version this visit was shown: its slide numbers are that version's. */
    version: integer('version').notNull().default(1),
    /** SHA-256 of the viewer cookie of the browser that made the visit (one open per viewer). */
    viewerHash: text('viewer_hash'),
    /** The sequence number of the last batch stored: a batch resent after a lost answer is not counted twice. */
    lastBatch: integer('last_batch').notNull().default(0),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    eventCount: integer('event_count').notNull().default(0),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull().default(0),
    /** The address the viewer proved, on a link that asks for one (issue 51). */
    verifiedEmail: text('verified_email'),
    /** When the visit was taken as over (its page closed, or quiet long enough): `visit.ended`. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('client_link_visits_link_idx').on(table.linkId, table.startedAt),
    index('client_link_visits_viewer_idx').on(table.linkId, table.viewerHash),
    // The engagement report and the digest read a range of visits by when they began.
    index('client_link_visits_started_idx').on(table.startedAt),
    index('client_link_visits_open_idx')
      .on(table.lastEventAt)
      .where(sql`${table.endedAt} is null`),
  ],
);

/** A stretch of time one slide was on the client's screen during a visit. */
export const clientLinkEvents = pgTable(
  'client_link_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => clientLinkVisits.id, { onDelete: 'cascade' }),
    slide: integer('slide').notNull(),
    /** Which time in the visit the slide was brought on screen: pieces of one look share it. */
    view: integer('view').notNull(),
    ms: integer('ms').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('client_link_events_visit_idx').on(table.visitId)],
);

/** A click on a link of a slide during a visit: the words and the address as the version had them. */
export const clientLinkClicks = pgTable(
  'client_link_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => clientLinkVisits.id, { onDelete: 'cascade' }),
    slide: integer('slide').notNull(),
    /** The link's place among its slide's links. */
    link: integer('link').notNull(),
    text: text('text').notNull(),
    href: text('href').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('client_link_clicks_visit_idx').on(table.visitId)],
);

export const jobStates = ['queued', 'running', 'completed', 'failed'] as const;

/**
 * Work for the job workers (ADR 018): a deck to render, mail to send, a sweep. A worker claims a
 * row with `FOR UPDATE SKIP LOCKED` and holds it by a lease (`locked_until`) that it renews; a
 * row whose lease ran out is claimed again, so a job whose worker died is retried.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: jobStates }).notNull().default('queued'),
    /** The row the job is about (a deck), to find the job from it. */
    subjectId: uuid('subject_id'),
    /** At most one job per key: a scheduled sweep's period, so one instance runs it. */
    uniqueKey: text('unique_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** What the worker has done so far, as it reports it (a generation's stage). */
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    /** What the job made, for whoever waits on it (a new version's number). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('jobs_state_check', sql`${table.state} in (${inList(jobStates)})`),
    check('jobs_attempts_check', sql`${table.attempts} >= 0 and ${table.maxAttempts} >= 1`),
    index('jobs_ready_idx')
      .on(table.runAt)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('jobs_subject_idx').on(table.subjectId, table.createdAt),
    unique('jobs_unique_key').on(table.uniqueKey),
  ],
);

/**
 * The content library's versions (issue 16): each a whole bundle of template documents —
 * slides, layouts, shared parts. Decks are drawn from the newest; version 1 is the built-in
 * library, stored at the first start.
 */
export const libraryVersions = pgTable('library_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: integer('number').notNull().unique('library_versions_number'),
  note: text('note').notNull().default(''),
  /** What it changed against the version before, a line each. */
  changes: jsonb('changes').$type<string[]>().notNull().default([]),
  /** The version it brought back, when it was made by a restore. */
  restoredFrom: integer('restored_from'),
  // json, not jsonb: a document's keys keep their order (a slide's figures are computed in it).
  documents: json('documents').$type<TemplateLibraryDocuments>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const libraryDraftKinds = [
  'slide',
  'layout',
  'part',
  'brand',
  'categories',
  'translations',
] as const;
export type LibraryDraftKind = (typeof libraryDraftKinds)[number];

/**
 * The library's draft, one row per document, started from the newest version the first time an
 * editor opens it. Each row has a revision: a save names the revision it edited, so a second
 * editor's save of the same document is refused rather than silently overwriting the first.
 */
export const libraryDraft = pgTable(
  'library_draft',
  {
    kind: text('kind', { enum: libraryDraftKinds }).notNull(),
    documentId: text('document_id').notNull(),
    /** Order within its kind (the master deck's order for slides). */
    position: integer('position').notNull(),
    // json, not jsonb: as in library_versions, the keys keep their order.
    document: json('document')
      .$type<TemplateSlideDocument | TemplateLayout | TemplatePart | Brand | TemplateCategory[]>()
      .notNull(),
    revision: integer('revision').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.documentId] }),
    check('library_draft_kind_check', sql`${table.kind} in (${inList(libraryDraftKinds)})`),
  ],
);

/**
 * The price book (issue 16), as entries: every change to a product is a new row with the moment
 * it takes effect, so prices can change from a date and their history stays. A product is, at
 * any moment, its entry with the latest `effective_from` not after that moment.
 */
export const priceBookEntries = pgTable(
  'price_book_entries',
  {
    /** `seed-{productId}` for the built-in price book's entries, so seeding happens once. */
    id: text('id').primaryKey(),
    productId: text('product_id').notNull(),
    /** Where the product is listed; a new product goes last. */
    position: integer('position').notNull(),
    product: jsonb('product').$type<Product>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The order entries were made in: two made in the same instant still have one. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (table) => [index('price_book_entries_product').on(table.productId, table.effectiveFrom)],
);

/**
 * The markets decks are made for (issue 50): a country's currency, tax and incentives, kept by
 * admins; the seeded ones (`SEED_MARKETS`) are stored at the first start.
 */
export const markets = pgTable('markets', {
  code: text('code').primaryKey(),
  /** The order the portal lists them in. */
  position: integer('position').notNull(),
  market: jsonb('market').$type<Market>().notNull(),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The price lists of currencies other than the book's own (issue 50): entered per product, or
 * derived from another list at a rate; the seeded ones (`SEED_PRICE_LISTS`) at the first start.
 */
export const priceLists = pgTable('price_lists', {
  currency: text('currency').primaryKey(),
  list: jsonb('list').$type<PriceList>().notNull(),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

export const libraryImportStates = ['reading', 'ready', 'failed'] as const;

/** An imported slide as the import keeps it until the editor chooses (issue 17). */
export type StoredImportSlide = {
  number: number;
  hidden: boolean;
  document: TemplateSlideDocument;
  /** The elements with their field-like texts as written, for the editor's field choices. */
  elements: TemplateElement[];
  fields: { text: string; label: string; suggestion?: string }[];
  report: {
    imported: Record<string, number>;
    notImported: { kind: string; why: string; count?: number }[];
    fonts: { from: string; to: string }[];
  };
  /** The slide's pictures: the address its elements name → its object key. */
  pictures: Record<string, string>;
  /** Whether the office renderer drew the original (stored beside the thumbnail). */
  hasOriginal?: boolean;
  /** Where in the file it is, for the library slide it becomes (absent: the file gave no id). */
  source?: ImportedSlideSource;
};

/**
 * A PowerPoint file a content editor is importing into the library (issue 17). The file and
 * what was read of it (slide thumbnails, pictures) are in the object store under
 * `imports/{id}/`; the slides read, here, until the editor imports the ones chosen.
 */
export const libraryImports = pgTable(
  'library_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    state: text('state', { enum: libraryImportStates }).notNull().default('reading'),
    error: text('error'),
    slideSize: jsonb('slide_size').$type<{ width: number; height: number }>(),
    slides: jsonb('slides').$type<StoredImportSlide[]>(),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('library_imports_state_check', sql`${table.state} in (${inList(libraryImportStates)})`),
    index('library_imports_created_idx').on(table.createdAt),
  ],
);

/**
 * The deal desk's settings (issue 19): price limits per role and product, deck-level rules and
 * the terms a client accepts. One row, `current`; absent until an admin first saves them (the
 * defaults, `DEFAULT_DEAL_DESK`, apply until then).
 */
export const dealDeskSettings = pgTable('deal_desk_settings', {
  id: text('id').primaryKey(),
  settings: jsonb('settings').$type<DealDeskSettings>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A rep's request that an approver clear a deck version's prices. At most one is pending per
 * deck; deciding it is one conditional update, so of two approvers acting at once one wins.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references((): AnyPgColumn => decks.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    state: text('state', { enum: approvalRequestStates }).notNull().default('pending'),
    /** Who may decide it: `manager` (managers and admins) or `admin`. */
    approverRole: text('approver_role', { enum: ['manager', 'admin'] }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** The check the approver was shown, as it stood when the request was made. */
    dealCheck: jsonb('deal_check').$type<DealCheck>().notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    ...timestamps,
  },
  (table) => [
    check(
      'approval_requests_state_check',
      sql`${table.state} in (${inList(approvalRequestStates)})`,
    ),
    index('approval_requests_state_idx').on(table.state, table.createdAt),
    index('approval_requests_deck_idx').on(table.deckId, table.createdAt),
    uniqueIndex('approval_requests_one_pending')
      .on(table.deckId)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * A client's answer to a proposal on a client link: accepted or declined (issue 19).
 * Append-only (a trigger refuses updates and deletes) and chained: `record_sha256` hashes the
 * record with the one before it, so a changed row shows. One acceptance per deck.
 */
export const proposalResponses = pgTable(
  'proposal_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references((): AnyPgColumn => decks.id, { onDelete: 'restrict' }),
    /** The link it came through (no reference: the record outlives the link). */
    linkId: uuid('link_id'),
    version: integer('version').notNull(),
    kind: text('kind', { enum: ['accepted', 'declined'] }).notNull(),
    fullName: text('full_name'),
    jobTitle: text('job_title'),
    reason: text('reason'),
    /** The priced summary as the client accepted it (accepted only). */
    summary: jsonb('summary').$type<StoredProposalSummary>(),
    termsText: text('terms_text'),
    /** SHA-256 of the deck PDF the client accepted. */
    pdfSha256: text('pdf_sha256'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    previousSha256: text('previous_sha256'),
    recordSha256: text('record_sha256').notNull(),
    ...timestamps,
  },
  (table) => [
    check('proposal_responses_kind_check', sql`${table.kind} in ('accepted', 'declined')`),
    index('proposal_responses_deck_idx').on(table.deckId, table.createdAt),
    uniqueIndex('proposal_responses_one_acceptance')
      .on(table.deckId)
      .where(sql`${table.kind} = 'accepted'`),
  ],
);

/**
 * A person's draft of a deck's next version in the online editor (issue 49): one per deck and
 * person, saved as they type, so a reload or another device continues it.
 */
export const deckEditDrafts = pgTable(
  'deck_edit_drafts',
  {
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The version the draft began from. */
    baseVersion: integer('base_version').notNull(),
    /** Counts the draft's saves: a save naming an older one (another tab's) is refused. */
    revision: integer('revision').notNull().default(0),
    edited: jsonb('edited').$type<EditedDeck>().notNull(),
    /** The base version's slides as the draft began: what a save compares the quote's figures with. */
    baseEdited: jsonb('base_edited').$type<EditedDeck>().notNull(),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deckId, table.userId] }),
    index('deck_edit_drafts_deck_idx').on(table.deckId, table.updatedAt),
  ],
);

/**
 * An edited PowerPoint file brought back to a deck (issue 49): the file is in the object store
 * under `decks/{deckId}/edited-files/{id}`; what was read of it and how it differs, here.
 */
export const deckEditedFiles = pgTable(
  'deck_edited_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    byteSize: integer('byte_size').notNull(),
    baseVersion: integer('base_version').notNull(),
    state: text('state', { enum: editedFileStates }).notNull().default('reading'),
    error: text('error'),
    /** The slides read from the file, as the next version would draw them. */
    edited: jsonb('edited').$type<EditedDeck>(),
    changes: jsonb('changes').$type<SlideChange[]>().notNull().default([]),
    figureChanges: jsonb('figure_changes').$type<FigureChange[]>().notNull().default([]),
    /** What of the file could not be kept, a sentence each. */
    leftOut: jsonb('left_out').$type<string[]>().notNull().default([]),
    /** The version it became, once saved. */
    savedAs: integer('saved_as'),
    ...timestamps,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('deck_edited_files_state_check', sql`${table.state} in (${inList(editedFileStates)})`),
    index('deck_edited_files_deck_idx').on(table.deckId, table.createdAt),
  ],
);

/**
 * Something that happened which alerts, digests and webhooks tell of (issue 51, ADR 045): written
 * in the transaction of the change itself, read by the jobs that tell of it. `data` is the
 * event's body as webhooks send it; `ownerId` is whose deck it concerns (whose alerts).
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `evt_…`: the event's id outside the portal (a webhook message's `webhook-id`). */
    publicId: text('public_id').notNull().unique(),
    type: text('type').notNull(),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    linkId: uuid('link_id').references(() => clientLinks.id, { onDelete: 'set null' }),
    visitId: uuid('visit_id').references(() => clientLinkVisits.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('events_occurred_idx').on(table.occurredAt),
    index('events_owner_idx').on(table.ownerId, table.occurredAt),
    index('events_deck_idx').on(table.deckId, table.occurredAt),
  ],
);

/** An address an admin registered to be sent events, signed with its secret (issue 51). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  /** The event types it is sent. */
  eventTypes: jsonb('event_types').$type<string[]>().notNull(),
  /** `whsec_…` (Standard Webhooks): shown to admins, used to sign every message. */
  secret: text('secret').notNull(),
  /** Null while it is sent events; set when an admin or repeated failure turned it off. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  /** Deliveries in a row that failed for good since the last one that arrived. */
  failuresInRow: integer('failures_in_row').notNull().default(0),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveryStates = ['pending', 'succeeded', 'failed'] as const;

/** One message for one endpoint, with its attempts so far: the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Null for a test event. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, {
      onDelete: 'set null',
    }),
    eventType: text('event_type').notNull(),
    /** `webhook-id`: the same on every attempt of the message, so a receiver can drop repeats. */
    messageId: text('message_id').notNull(),
    /** The body as sent, byte for byte the same on every attempt. */
    body: text('body').notNull(),
    status: text('status', { enum: webhookDeliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The receiver's HTTP status, or null when no answer came (refused, timed out). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check(
      'webhook_deliveries_status_check',
      sql`${table.status} in (${inList(webhookDeliveryStates)})`,
    ),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    // One message per endpoint and event, however often the event's job runs.
    uniqueIndex('webhook_deliveries_endpoint_event').on(table.endpointId, table.eventId),
  ],
);

/** A personal API token (issue 51): only its SHA-256 is kept; shown once when made. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's first characters, shown in lists so its owner can tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A rep's alerts (issue 51): which are on, on which channels, the days of silence a return
 * alert waits for, the digest, a Slack incoming-webhook address. Read through its zod schema;
 * no row: the defaults.
 */
export const alertSettings = pgTable('alert_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An alert told (or folded into another told): one row per rep, kind and subject, so a storm of
 * visits is one mail, and a job retried never tells twice.
 */
export const alertsSent = pgTable(
  'alerts_sent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the alert is about, unique per rep and kind (a visit id, a link id and day…). */
    subjectKey: text('subject_key').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, {
      onDelete: 'set null',
    }),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    unique('alerts_sent_subject').on(table.userId, table.kind, table.subjectKey),
    index('alerts_sent_user_idx').on(table.userId, table.createdAt),
  ],
);
