import fc from 'fast-check';

/**
 * Real things the fuzzer names in paths, queries and bodies, resolved when a request is built
 * (fixtures are re-created when a request deletes or changes them, so ids change).
 */
export const refFamilies = {
  deck: ['repDeck', 'foreignDeck'],
  share: ['repShare', 'foreignShare'],
  link: ['repLink', 'passcodeLink', 'revokedLink', 'foreignLink'],
  token: ['repLinkToken', 'passcodeLinkToken', 'revokedLinkToken', 'foreignLinkToken'],
  visit: ['repVisit'],
  notification: ['repNotification', 'adminNotification'],
  user: ['spareUser', 'pendingUser', 'repUser', 'adminUser'],
  templateSlide: ['templateSlide'],
  templateLayout: ['templateLayout'],
  product: ['product'],
  libraryImport: ['libraryImport'],
  upload: ['repUpload', 'adminUpload'],
  libraryPicture: ['libraryPicture'],
  /** A new address every time (sign-up, invitations): a valid body reaches the handler. */
  freshEmail: ['freshEmail'],
  /** An approved account the fuzzer signs in as (never one of its callers). */
  signInEmail: ['signInEmail'],
} as const;

export type RefFamily = keyof typeof refFamilies;
export type RefName = (typeof refFamilies)[RefFamily][number];

export class Ref {
  constructor(
    readonly family: RefFamily,
    readonly name: RefName,
  ) {}
  [fc.toStringMethod]() {
    return `ref(${this.name})`;
  }
}

export const ref = <F extends RefFamily>(family: F, name: (typeof refFamilies)[F][number]) =>
  new Ref(family, name);

/**
 * What belongs to someone other than the rep. A rep's request naming one of these must be
 * refused (the deck and its shares and links are the admin's; the notification and the user
 * are not the rep's own).
 */
export const foreignToRep: ReadonlySet<RefName> = new Set<RefName>([
  'foreignDeck',
  'foreignShare',
  'foreignLink',
  'adminNotification',
  'adminUser',
  'adminUpload',
]);

/** Client link tokens that open a deck; any other token must be refused. */
export const openTokens: ReadonlySet<RefName> = new Set<RefName>([
  'repLinkToken',
  'foreignLinkToken',
]);

/** Tokens of active links, passcode or not: they open what a passcode screen shows. */
export const liveTokens: ReadonlySet<RefName> = new Set<RefName>([
  ...openTokens,
  'passcodeLinkToken',
]);

/** The token of the link each visit was started on. */
export const visitToken: Partial<Record<RefName, RefName>> = { repVisit: 'repLinkToken' };

/** Valid slide numbers and one past the stubbed deck's end. */
export const slideIndexes = ['1', '2', '3', '4'];

/** A deck's first version, and one it does not have. */
export const versionNumbers = ['1', '2'];
/** Seeded markets, price lists and library languages (issue 50). */
export const marketCodes = ['JP', 'DE'];
export const currencyCodes = ['JPY', 'EUR'];
export const languageTags = ['ja', 'ar'];

/** An approval request or client answer id that names none (the fixtures have neither). */
export const approvalRequestIds = ['00000000-0000-4000-8000-000000000000'];

/** Which fixtures fill a path parameter; undefined means only literals and junk. */
export function familyOfParam(path: string, param: string): RefFamily | undefined {
  if (param === 'shareId') return 'share';
  if (param === 'linkId') return 'link';
  if (param === 'token') return 'token';
  if (param === 'visitId') return 'visit';
  if (param !== 'id') return undefined;
  if (path.startsWith('/api/decks/')) return 'deck';
  if (path.startsWith('/api/admin/users/')) return 'user';
  if (path.startsWith('/api/notifications/') || path.startsWith('/api/admin-notifications/')) {
    return 'notification';
  }
  if (path.startsWith('/api/template-slides/') || path.startsWith('/api/library/slides/')) {
    return 'templateSlide';
  }
  if (path.startsWith('/api/template-layouts/') || path.startsWith('/api/library/layouts/')) {
    return 'templateLayout';
  }
  if (path.startsWith('/api/uploads/')) return 'upload';
  if (path.startsWith('/api/library/pictures/')) return 'libraryPicture';
  if (path.startsWith('/api/admin/products/')) return 'product';
  if (path.startsWith('/api/library/imports/')) return 'libraryImport';
  return undefined;
}
