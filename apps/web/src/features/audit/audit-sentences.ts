import { roleInfo, roles, type AuditEntry, type Role } from '@deck-portal/domain';

// The audit log read as sentences ("Ana Reyes approved ben@northwind.example as Sales
// Representative"): each action's readable name, its area, and how a row of it reads.

type ActionText = {
  /** Its name in the action filter. */
  label: string;
  /** The filter's group. */
  area: string;
  /** The row as a sentence: who (already named), then what. */
  says: (row: RowWords) => string;
};

type RowWords = {
  target: string;
  old: string;
  new: string;
  entry: AuditEntry;
};

const roleName = (value: string) =>
  (roles as readonly string[]).includes(value) ? roleInfo[value as Role].label : value;

const quoted = (text: string) => `“${text}”`;

/** What a share lets its colleague do. */
const accessWords = (access: string) =>
  access === 'edit' ? 'can edit' : access === 'view' ? 'can view' : access;

/** A library slide or layout, by name; rows written before rows named it say which kind only. */
const libraryWords = (row: RowWords, verb: string, noun: 'slide' | 'layout') =>
  row.entry.target ? `${verb} the library ${noun} ${row.target}` : `${verb} a library ${noun}`;

const colleague = (row: RowWords) => row.entry.target?.userEmail ?? 'a colleague';

export const actionTexts: Record<string, ActionText> = {
  'user.approved': {
    label: 'User approved',
    area: 'Users',
    says: (row) => `approved ${row.target} as ${roleName(row.new)}`,
  },
  'user.declined': {
    label: 'User declined',
    area: 'Users',
    says: (row) => `declined ${row.target}`,
  },
  'user.role_changed': {
    label: 'Role changed',
    area: 'Users',
    says: (row) =>
      `changed the role of ${row.target} from ${roleName(row.old)} to ${roleName(row.new)}`,
  },
  'user.removed': { label: 'User removed', area: 'Users', says: (row) => `removed ${row.target}` },
  'user.invited': {
    label: 'User invited',
    area: 'Users',
    says: (row) => `invited ${row.target} as ${roleName(row.new)}`,
  },
  'invitation.accepted': {
    label: 'Invitation accepted',
    area: 'Users',
    says: (row) => `accepted an invitation as ${roleName(row.new)}`,
  },
  'notification.read': {
    label: 'Notification read',
    area: 'Users',
    says: (row) => `read the notification about ${row.target}`,
  },
  'deck.deleted': { label: 'Deck deleted', area: 'Decks', says: (row) => `deleted ${row.target}` },
  'deck.shared': {
    label: 'Deck shared',
    area: 'Decks',
    says: (row) => `shared ${row.target} with ${colleague(row)}, who ${accessWords(row.new)} it`,
  },
  'deck.share_changed': {
    label: 'Share changed',
    area: 'Decks',
    says: (row) =>
      `changed what ${colleague(row)} may do with ${row.target}: ${accessWords(row.old)} → ${accessWords(row.new)}`,
  },
  'deck.unshared': {
    label: 'Share taken back',
    area: 'Decks',
    says: (row) => `stopped sharing ${row.target} with ${colleague(row)}`,
  },
  'deck.version_restored': {
    label: 'Version restored',
    area: 'Decks',
    says: (row) => `restored version ${row.old} of ${row.target} as version ${row.new}`,
  },
  'deck.approval_requested': {
    label: 'Approval requested',
    area: 'Decks',
    says: (row) => `asked for approval of ${row.target}`,
  },
  'deck.approval_approved': {
    label: 'Deck approved',
    area: 'Decks',
    says: (row) => `approved ${row.target}`,
  },
  'deck.approval_rejected': {
    label: 'Deck rejected',
    area: 'Decks',
    says: (row) => `rejected ${row.target}`,
  },
  'link.created': {
    label: 'Client link created',
    area: 'Client links',
    says: (row) => `created the client link ${row.target}`,
  },
  'link.revoked': {
    label: 'Client link revoked',
    area: 'Client links',
    says: (row) => `revoked the client link ${row.target}`,
  },
  'product.created': {
    label: 'Product added',
    area: 'Prices',
    says: (row) => `added the product ${row.target}`,
  },
  'product.changed': {
    label: 'Product changed',
    area: 'Prices',
    says: (row) => `changed the product ${row.target}`,
  },
  'price_list.changed': {
    label: 'Price list changed',
    area: 'Prices',
    says: (row) => `changed the price list ${row.target}`,
  },
  'price_list.deleted': {
    label: 'Price list deleted',
    area: 'Prices',
    says: (row) => `deleted the price list ${row.target}`,
  },
  'market.changed': {
    label: 'Market changed',
    area: 'Prices',
    says: (row) => `changed the market ${row.target}`,
  },
  'market.deleted': {
    label: 'Market deleted',
    area: 'Prices',
    says: (row) => `deleted the market ${row.target}`,
  },
  'deal_desk.updated': {
    label: 'Deal desk rules changed',
    area: 'Prices',
    says: () => 'changed the deal desk’s rules',
  },
  'library.slide_created': {
    label: 'Slide created',
    area: 'Library',
    says: (row) => libraryWords(row, 'created', 'slide'),
  },
  'library.slide_deleted': {
    label: 'Slide deleted',
    area: 'Library',
    says: (row) => libraryWords(row, 'deleted', 'slide'),
  },
  'library.slide_saved': {
    label: 'Slide saved',
    area: 'Library',
    says: (row) => libraryWords(row, 'saved', 'slide'),
  },
  'library.layout_saved': {
    label: 'Layout saved',
    area: 'Library',
    says: (row) => libraryWords(row, 'saved', 'layout'),
  },
  'library.brand_saved': { label: 'Brand saved', area: 'Library', says: () => 'saved the brand' },
  'library.categories_saved': {
    label: 'Categories saved',
    area: 'Library',
    says: () => 'saved the library’s categories',
  },
  'library.slides_reordered': {
    label: 'Slides reordered',
    area: 'Library',
    says: () => 'reordered the library’s slides',
  },
  'library.published': {
    label: 'Library published',
    area: 'Library',
    says: () => 'published the library',
  },
  'library.version_restored': {
    label: 'Library version restored',
    area: 'Library',
    says: () => 'restored a version of the library',
  },
  'library.draft_discarded': {
    label: 'Library draft discarded',
    area: 'Library',
    says: () => 'discarded the library’s draft',
  },
  'library.slides_imported': {
    label: 'Slides imported',
    area: 'Library',
    says: () => 'imported slides into the library',
  },
  'library.picture_uploaded': {
    label: 'Picture uploaded',
    area: 'Library',
    says: () => 'uploaded a picture to the library',
  },
  'library.font_uploaded': {
    label: 'Font uploaded',
    area: 'Library',
    says: () => 'uploaded a font to the library',
  },
  'library.translations_saved': {
    label: 'Translations saved',
    area: 'Library',
    says: () => 'saved translations of the library',
  },
  'webhook.created': {
    label: 'Webhook added',
    area: 'Integrations',
    says: (row) => `added the webhook ${row.target}`,
  },
  'webhook.changed': {
    label: 'Webhook changed',
    area: 'Integrations',
    says: (row) => `changed the webhook ${row.target}`,
  },
  'webhook.deleted': {
    label: 'Webhook deleted',
    area: 'Integrations',
    says: (row) => `deleted the webhook ${row.target}`,
  },
  'webhook.secret_rolled': {
    label: 'Webhook secret replaced',
    area: 'Integrations',
    says: (row) => `replaced the signing secret of the webhook ${row.target}`,
  },
  'api_token.created': {
    label: 'API token created',
    area: 'Integrations',
    says: (row) => `created the API token ${row.target}`,
  },
  'api_token.revoked': {
    label: 'API token revoked',
    area: 'Integrations',
    says: (row) => `revoked the API token ${row.target}`,
  },
};

/** An action's readable name; one this screen does not know yet reads as its code. */
export function actionLabel(action: string) {
  return actionTexts[action]?.label ?? action;
}

/** How a target is named in a sentence: a deck or a link by its name, a user by address. */
function targetWords(entry: AuditEntry) {
  const target = entry.target;
  if (!target) return 'something';
  const name = target.label ?? target.id ?? 'something';
  return target.kind === 'user' || target.kind === 'market' || target.kind === 'price_list'
    ? name
    : quoted(name);
}

/** Who did it: the person, or the portal itself (a job, the command line, a deleted user). */
export function actorName(entry: AuditEntry) {
  return entry.actor?.name ?? entry.actor?.email ?? 'The portal';
}

/** The row as one sentence, e.g. "Ana Reyes approved ben@northwind.example as Sales Representative". */
export function auditSentence(entry: AuditEntry) {
  const text = actionTexts[entry.action];
  const words: RowWords = {
    target: targetWords(entry),
    old: entry.oldValue ?? '',
    new: entry.newValue ?? '',
    entry,
  };
  const what = text
    ? text.says(words)
    : `did ${entry.action}${entry.target ? ` to ${words.target}` : ''}`;
  return `${actorName(entry)} ${what}`;
}

/** The action filter's choices, grouped by area, in the order above. */
export function actionChoices(actions: readonly string[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const action of actions) {
    const area = actionTexts[action]?.area ?? 'Other';
    groups.set(area, [...(groups.get(area) ?? []), { value: action, label: actionLabel(action) }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
