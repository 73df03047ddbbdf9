import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { createSession, deleteSession, findSessionUser } from '../../src/auth/sessions.ts';
import {
  clientLinkVisits,
  clientLinks,
  deckShares,
  decks,
  libraryImports,
  notifications,
  uploads,
  users,
} from '../../src/db/schema.ts';
import { newAccount, setAccount, signUp, type Account } from '../helpers/accounts.ts';
import { createTestApp, createTestClock } from '../helpers/test-app.ts';
import { ref, type Ref, type RefName } from './fixture-refs.ts';
import type { CookieCase, RequestContext } from './request-cases.ts';
import type { Caller } from './route-access.ts';
import type { KnownGoodInputs, OpenApiDocument } from './route-specs.ts';
import { createFakeDeckRenderer } from '../helpers/fake-deck-renderer.ts';

const publicUrl = 'http://portal.test';
const strongPassword = 'a fine passphrase for fuzzing';
const linkPasscode = 'open sesame 42';

type FixtureUser = Account & { id: string; role: string; status: string };
type SignedInCaller = Exclude<Caller, 'anonymous'>;

/**
 * The app the fuzzer talks to and the fixtures it names: three signed-in callers, decks of the
 * rep's and of the admin's, their shares and client links, a visit, notifications. Requests
 * delete, revoke, demote and sign out these; `restore` puts back whatever is gone.
 */
export type FuzzWorld = {
  app: App;
  document: OpenApiDocument;
  knownGood: KnownGoodInputs;
  requestContext: RequestContext;
  /** In the admin's deck title only: no one else may ever be shown it. */
  foreignMarker: string;
  /** The route pattern fastify answered a response with; undefined when none matched. */
  matchedRoute(response: { headers: Record<string, unknown> }): string | undefined;
  /** Before each route test: a fresh hour for the throttles and mail allowances. */
  startTest(): Promise<void>;
  /** After a request that may have changed something (one that did not fail): puts fixtures back. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const clock = createTestClock();
  const matched = new Map<string, string | undefined>();
  const { app } = await createTestApp({
    clock,
    // The first slide links its words to a page: a client's click on it is a valid request.
    deckRenderer: createFakeDeckRenderer(3, {
      firstSlideLinks: [
        {
          href: 'https://example.com/case-study',
          text: 'case study',
          x: 0.1,
          y: 0.8,
          w: 0.2,
          h: 0.05,
        },
      ],
    }),
    extraRoutes: (instance) =>
      instance.addHook('onResponse', async (request) => {
        matched.set(request.id, request.routeOptions.url);
      }),
  });
  const db = app.services.db;
  const foreignMarker = `FOREIGN${randomBytes(6).toString('hex')}`;

  // The first account on a fresh database is the approved administrator.
  const admin = await signedUpUser(app, 'Ada Admin');
  const rep = await signedUpUser(app, 'Rita Rep', { status: 'approved', role: 'sales_rep' });
  const pending = await signedUpUser(app, 'Pat Pending');
  const spare = await signedUpUser(app, 'Sam Spare');
  const signInTarget = await signedUpUser(app, 'Sid Signin', {
    status: 'approved',
    role: 'sales_rep',
  });
  const accounts = { admin, rep, pending, spare, signInTarget };
  const sessions: Record<SignedInCaller, string> = {
    admin: await createSession(db, clock, admin.id),
    rep: await createSession(db, clock, rep.id),
    pending: await createSession(db, clock, pending.id),
  };
  const staleSession = await createSession(db, clock, spare.id);
  await deleteSession(db, staleSession);

  const as = (caller: SignedInCaller) => ({
    cookie: `deck_session=${sessions[caller]}`,
    origin: publicUrl,
  });
  const call = async (
    caller: SignedInCaller | 'anonymous',
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(caller === 'anonymous' ? { origin: publicUrl } : as(caller)),
        // Seeded decks are used at once: wait for them to be made.
        ...(url === '/api/generate-slides' ? { prefer: 'wait=60' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) {
      throw new Error(
        `Fuzz fixture ${method} ${url} failed: ${response.statusCode} ${response.body}`,
      );
    }
    return response.json();
  };

  const library = await call('rep', 'GET', '/api/template-slides');
  const slideIds = (library.slides as { id: string }[]).map((slide) => slide.id);
  const { layouts } = (await call('rep', 'GET', '/api/template-layouts')) as {
    layouts: { id: string; placeholders: { objectId: string; label: string; type: string }[] }[];
  };
  const layout = layouts.find((l) => l.placeholders.length > 0) ?? layouts[0]!;
  const placeholder = layout.placeholders[0];

  const draft = (title: string) => ({
    basicInfo: { deckTitle: title, clientName: 'Fuzz Client', date: '2026-11-23' },
    productSelection: { selectedProducts: [{ id: 'data_logger', quantity: 3, customPricing: 30 }] },
    templateCustomization: { selectedSlides: slideIds.slice(0, 2) },
  });

  const ids = new Map<RefName, string>();
  const linkFor = async (caller: SignedInCaller, deckId: string, extra: object = {}) => {
    const made = await call(caller, 'POST', `/api/decks/${deckId}/client-links`, {
      recipientName: 'Casey Client',
      recipientEmail: 'casey.client@example.com',
      sendEmail: false,
      ...extra,
    });
    return { id: made.link.id as string, token: new URL(made.url).pathname.split('/').pop()! };
  };
  const shareOf = async (deckId: string, email: string, sharedBy: string) => {
    // Straight into the table: a share through the API mails, and mail has an hourly allowance.
    const [row] = await db
      .insert(deckShares)
      .values({ deckId, email, sharedBy })
      .returning({ id: deckShares.id });
    return row!.id;
  };

  const id = (name: RefName) => ids.get(name)!;
  const openLink = async (caller: SignedInCaller, deck: RefName, link: RefName, token: RefName) => {
    const made = await linkFor(caller, id(deck));
    ids.set(link, made.id);
    ids.set(token, made.token);
  };
  const lockedLink = async () => {
    const made = await linkFor('rep', id('repDeck'), { passcode: linkPasscode });
    ids.set('passcodeLink', made.id);
    ids.set('passcodeLinkToken', made.token);
  };
  const revokedLink = async () => {
    const made = await linkFor('rep', id('repDeck'));
    await call('rep', 'POST', `/api/decks/${id('repDeck')}/client-links/${made.id}/revoke`);
    ids.set('revokedLink', made.id);
    ids.set('revokedLinkToken', made.token);
  };
  const seedVisit = async () => {
    const visit = await call('anonymous', 'POST', `/api/client-view/${id('repLinkToken')}/visits`);
    if (!visit.visitId) throw new Error('Fuzz fixture: the client visit was not counted');
    ids.set('repVisit', visit.visitId);
  };
  const insertNotification = async (recipientUserId: string | null) => {
    const [row] = await db
      .insert(notifications)
      .values({ message: 'Fuzz notice', recipientUserId })
      .returning({ id: notifications.id });
    return row!.id;
  };
  const seedRepDeck = async () => {
    const deck = await call('rep', 'POST', '/api/generate-slides', draft('Rep deck'));
    ids.set('repDeck', deck.presentationId);
  };
  const seedAdminDeck = async () => {
    const deck = await call(
      'admin',
      'POST',
      '/api/generate-slides',
      draft(`Board deck ${foreignMarker}`),
    );
    ids.set('foreignDeck', deck.presentationId);
  };

  const present = async (
    table: typeof decks | typeof deckShares | typeof notifications,
    name: RefName,
  ) =>
    ids.has(name) &&
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, id(name)))
    ).length === 1;
  const linkState = async (name: RefName) => {
    if (!ids.has(name)) return 'missing';
    const [row] = await db
      .select({ revokedAt: clientLinks.revokedAt })
      .from(clientLinks)
      .where(eq(clientLinks.id, id(name)));
    return !row ? 'missing' : row.revokedAt ? 'revoked' : 'active';
  };

  /** Makes again whatever content fixture is gone: a deck takes its shares and links with it. */
  const restoreContent = async () => {
    if (!(await present(decks, 'repDeck'))) await seedRepDeck();
    if (!(await present(deckShares, 'repShare'))) {
      ids.set('repShare', await shareOf(id('repDeck'), 'client@example.com', rep.id));
    }
    let isNewLink = false;
    if ((await linkState('repLink')) !== 'active') {
      await openLink('rep', 'repDeck', 'repLink', 'repLinkToken');
      isNewLink = true;
    }
    if ((await linkState('passcodeLink')) !== 'active') await lockedLink();
    if ((await linkState('revokedLink')) === 'missing') await revokedLink();
    const visitOnLink =
      ids.has('repVisit') &&
      (
        await db
          .select({ id: clientLinkVisits.id })
          .from(clientLinkVisits)
          .where(
            and(
              eq(clientLinkVisits.id, id('repVisit')),
              eq(clientLinkVisits.linkId, id('repLink')),
            ),
          )
      ).length === 1;
    if (isNewLink || !visitOnLink) await seedVisit();
    if (!(await present(notifications, 'repNotification'))) {
      ids.set('repNotification', await insertNotification(rep.id));
    }

    if (!(await present(decks, 'foreignDeck'))) await seedAdminDeck();
    if (!(await present(deckShares, 'foreignShare'))) {
      ids.set('foreignShare', await shareOf(id('foreignDeck'), 'partner@example.com', admin.id));
    }
    if ((await linkState('foreignLink')) !== 'active') {
      await openLink('admin', 'foreignDeck', 'foreignLink', 'foreignLinkToken');
    }
    if (!(await present(notifications, 'adminNotification'))) {
      const [notice] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(isNull(notifications.recipientUserId))
        .limit(1);
      ids.set('adminNotification', notice?.id ?? (await insertNotification(null)));
    }
  };

  for (const [name, user] of Object.entries(accounts)) {
    ids.set(`${name}User` as RefName, user.id);
  }
  ids.set('templateSlide', slideIds[0]!);
  ids.set('templateLayout', layout.id);
  // A product of the built-in price book; a change the fuzzer makes adds an entry, never removes it.
  ids.set('product', 'controller');
  // An import already read (of no slides): the fuzzer's choices of its slides are refused.
  const [libraryImport] = await db
    .insert(libraryImports)
    .values({
      createdBy: accounts.admin.id,
      fileName: 'fuzz.pptx',
      byteSize: 1,
      state: 'ready',
      slides: [],
    })
    .returning({ id: libraryImports.id });
  ids.set('libraryImport', libraryImport!.id);
  // Uploads no route deletes: made once, straight into the table.
  for (const [name, owner, kind] of [
    ['repUpload', accounts.rep, 'slide_picture'],
    ['adminUpload', accounts.admin, 'slide_picture'],
    ['libraryPicture', accounts.admin, 'library_picture'],
  ] as const) {
    const [upload] = await db
      .insert(uploads)
      .values({
        ownerId: owner.id,
        kind,
        contentType: 'image/png',
        content: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          'base64',
        ),
        byteSize: 70,
        width: 1,
        height: 1,
      })
      .returning({ id: uploads.id });
    ids.set(name, upload!.id);
  }
  await restoreContent();

  const restore = async () => {
    // Accounts: an admin's request may have approved, demoted or removed one.
    const rows = await db
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(
        inArray(
          users.id,
          Object.values(accounts).map((a) => a.id),
        ),
      );
    for (const account of Object.values(accounts)) {
      const row = rows.find((r) => r.id === account.id);
      if (row?.role !== account.role || row?.status !== account.status) {
        await setAccount(app, account.email, {
          role: account.role as never,
          status: account.status as never,
        });
      }
    }
    // Sessions: signing out, signing in over it, or a removal ends one.
    for (const caller of ['admin', 'rep', 'pending'] as const) {
      const found = await findSessionUser(db, clock, sessions[caller]);
      if (found?.user.id !== accounts[caller].id) {
        sessions[caller] = await createSession(db, clock, accounts[caller].id);
      }
    }
    // Content: a deck deleted, a link revoked, a share or notification gone.
    await restoreContent();
  };

  let emailCounter = 0;
  const requestContext: RequestContext = {
    publicUrl,
    resolve(r: Ref) {
      if (r.name === 'freshEmail') return `fuzz.${++emailCounter}.${Date.now()}@example.com`;
      if (r.name === 'signInEmail') return signInTarget.email;
      const value = ids.get(r.name);
      if (value === undefined) throw new Error(`Fuzz fixture ${r.name} is missing`);
      return value;
    },
    cookieFor(caller: Caller, cookie: CookieCase) {
      if (caller !== 'anonymous') return `deck_session=${sessions[caller]}`;
      switch (cookie) {
        case 'garbage':
          return 'deck_session=not-a-session-token';
        case 'stale':
          return `deck_session=${staleSession}`;
        case 'long':
          return `deck_session=${'a'.repeat(8000)}`;
        default:
          return undefined;
      }
    },
  };

  const knownGood: KnownGoodInputs = {
    bodies: {
      'POST /api/auth/sign-up': {
        email: ref('freshEmail', 'freshEmail'),
        password: strongPassword,
        name: 'Fuzz Person',
      },
      'POST /api/auth/sign-in': {
        email: ref('signInEmail', 'signInEmail'),
        password: signInTarget.password,
      },
      'POST /api/auth/password-reset': { email: ref('signInEmail', 'signInEmail') },
      'POST /api/auth/password-reset/confirm': { password: strongPassword },
      'POST /api/auth/accept-invite': { password: strongPassword },
      'POST /api/generate-slides': {
        'basicInfo.deckTitle': 'Fuzz deck',
        'basicInfo.clientName': 'Fuzz Client',
        'basicInfo.date': '2026-11-23',
        'basicInfo.primaryContact': 'Dana Lee',
        'basicInfo.userId': rep.id,
        'productSelection.selectedProducts': [
          { id: 'data_logger', quantity: 3, customPricing: 30 },
        ],
        'productSelection.customPricing': { data_logger: { stdpricing: '$40.00', qty: '3' } },
        'templateCustomization.selectedSlides': slideIds.slice(0, 2),
        'templateCustomization.customSlides': [
          {
            id: 'custom-1',
            layoutId: layout.id,
            layoutName: 'Fuzz layout',
            placeholderContent: placeholder ? { [placeholder.objectId]: 'Hello' } : {},
            placeholders: placeholder ? [placeholder] : [],
          },
        ],
      },
      'POST /api/share-presentation': {
        presentationId: ref('deck', 'repDeck'),
        email: 'client@example.com',
      },
      'POST /api/decks/{id}/client-links': {
        recipientName: 'Casey Client',
        recipientEmail: 'casey.client@example.com',
        expiresAt: '2027-06-01T09:00:00.000Z',
        passcode: linkPasscode,
        message: 'Here is the deck we talked about.',
        sendEmail: false,
      },
      'POST /api/client-view/{token}/unlock': { passcode: linkPasscode },
      'POST /api/client-view/{token}/visits/{visitId}/events': {
        sequence: 1,
        events: [{ slide: 1, ms: 1000, view: 0 }],
      },
      'POST /api/client-view/{token}/visits/{visitId}/link-clicks': { slide: 1, link: 0 },
      'POST /api/admin/invitations': {
        email: ref('freshEmail', 'freshEmail'),
        name: 'Ivy Invitee',
        role: 'sales_rep',
      },
      'PUT /api/admin/markets/{code}': {
        name: 'Japan',
        currency: 'JPY',
        tax: { name: 'Consumption tax', percent: 10, inclusive: false },
        incentives: [],
        language: 'ja',
      },
      'PUT /api/admin/price-lists/{currency}': {
        derived: { from: 'USD', rate: 150, rounding: 'hundred' },
      },
    },
    queries: {
      'GET /api/recent-decks': { page: '1', pageSize: '20', userId: ref('user', 'repUser') },
      'GET /api/decks': {
        page: '1',
        pageSize: '20',
        scope: 'all',
        owner: ref('user', 'repUser'),
        client: 'Fuzz',
      },
      'GET /api/admin/users': { status: 'all' },
      'GET /api/decks/client-defaults': { client: 'Fuzz Client' },
    },
    headers: { 'POST /api/generate-slides': { 'idempotency-key': 'fuzz-idempotency-key' } },
  };

  return {
    app,
    document: app.swagger() as OpenApiDocument,
    knownGood,
    requestContext,
    foreignMarker,
    matchedRoute(response) {
      const requestId = String(response.headers['x-request-id'] ?? '');
      const pattern = matched.get(requestId);
      matched.delete(requestId);
      return pattern;
    },
    async startTest() {
      // Throttles and mail allowances count per quarter or hour: each test starts afresh.
      // Fixtures are already whole: every request that may have changed one restored it.
      clock.advance(61 * 60_000);
    },
    restore,
    close: () => app.close(),
  };
}

async function signedUpUser(
  app: App,
  name: string,
  values?: { status: 'approved'; role: 'sales_rep' },
): Promise<FixtureUser> {
  const account = newAccount(name);
  const { user } = await signUp(app, account);
  if (values) await setAccount(app, account.email, values);
  const [row] = await app.services.db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, user.id));
  return { ...account, id: user.id, role: row!.role, status: row!.status };
}
