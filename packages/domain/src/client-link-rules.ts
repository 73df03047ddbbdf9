// `@deck-portal/domain/client-link-rules`: the client-link texts, limits and addresses, with no
// zod in their imports, for the client's page (/v/{token}), which loads as little as it can.

/** Limits the server enforces on what a viewer reports. */
export const viewEventLimits = {
  /** Events in one request (the viewer sends batches of about 20). */
  perBatch: 50,
  /** Events one visit may report in all; past it, a batch is refused whole. */
  perVisit: 2000,
  /** The longest stretch one event may report: 30 minutes. */
  maxMs: 30 * 60_000,
  /**
   * A visit's reported time may exceed the time since it began by this much (clock drift,
   * a batch in flight); more than that is made up.
   */
  elapsedSlackMs: 60_000,
  /** The highest batch number a visit may use (batches are numbered 1, 2, 3… per visit). */
  maxSequence: 1_000_000,
  /** Clicks on links of the slides one visit may report; past it, a click is not counted. */
  linkClicksPerVisit: 200,
} as const;

export const passcodeMinLength = 4;
export const passcodeMaxLength = 64;
export const passcodeMessages = {
  required: 'Passcode is required.',
  tooShort: `The passcode must be at least ${passcodeMinLength} characters.`,
  tooLong: `The passcode must be at most ${passcodeMaxLength} characters.`,
} as const;

/** What is wrong with a passcode as typed, by the rules the server checks; null when nothing. */
export function passcodeProblem(passcode: string): string | null {
  if (passcode.length === 0) return passcodeMessages.required;
  if (passcode.length < passcodeMinLength) return passcodeMessages.tooShort;
  if (passcode.length > passcodeMaxLength) return passcodeMessages.tooLong;
  return null;
}

/** Every text the client and the rep see about client links. */
export const clientLinkMessages = {
  unavailable: 'This link is no longer available. Ask the sender for a new one.',
  passcodeRequired: 'Enter the passcode the sender gave you to open this deck.',
  wrongPasscode: 'That passcode is not right. Please check it and try again.',
  downloadNotAllowed: 'The sender has not allowed downloading this deck.',
  tooManyEvents: 'This visit has reported too many slide views.',
  tooMuchTime: 'The reported viewing time is longer than the visit has lasted.',
  tooManyLinkClicks: 'This visit has reported too many clicks on links.',
  noSuchSlideLink: 'That slide has no such link.',
  expiryInPast: 'The expiry date must be in the future.',
  recipientNameRequired: 'Recipient name is required.',
  linkNotFound: 'Link not found.',
  /** A visit the client's page reports on that is not one of this link's. */
  visitNotFound: 'Visit not found.',
  /** The answer, past the limit, to an address that keeps asking for links that open nothing. */
  tooManyRefused: 'Too many requests for links that are not available. Please try again later.',
  /** A second mail of a link to the same version of a deck to one address within the hour. */
  recipientMailedRecently:
    'A link to this deck was e-mailed to this address less than an hour ago. Untick "Send the link by e-mail" to copy the link instead, or try again later.',
} as const;

/** Addresses of the client-link screens and routes, in one place. */
export const clientLinkPaths = {
  /** The client's page. */
  view: (token: string) => `/v/${token}`,
  api: (token: string) => `/api/client-view/${token}`,
  slide: (token: string, index: number) => `/api/client-view/${token}/slides/${index}`,
  pdf: (token: string) => `/api/client-view/${token}/download`,
  sender: (token: string) => `/api/client-view/${token}/sender`,
  senderPhoto: (token: string) => `/api/client-view/${token}/sender/photo`,
  /** The published brand's logo, for the page's header. */
  logo: (token: string) => `/api/client-view/${token}/sender/logo`,
  /** The rep's analytics page for one link. */
  analytics: (deckId: string, linkId: string) => `/deck/${deckId}/links/${linkId}`,
} as const;
