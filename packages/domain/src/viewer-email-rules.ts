// Verified viewers (issue 51): the limits, texts and domain rule of a client link that asks for
// the viewer's e-mail address, with no zod in their imports, for the client's page too.

/** The limits of the codes mailed to a viewer. */
export const viewerCodeRules = {
  /** Digits in a code. */
  length: 6,
  /** How long a code is valid. */
  lifetimeMs: 10 * 60_000,
  /** Wrong tries of one code; the next code must be asked for after these. */
  attemptsPerCode: 5,
  /** Codes mailed to one address for one link in `codesWindowMs`. */
  codesPerWindow: 3,
  codesWindowMs: 15 * 60_000,
  /** Codes asked for from one network address, over every link, in `codesWindowMs`. */
  codesPerIp: 20,
  /** Domains a link may name. */
  maxDomains: 20,
} as const;

/** The English texts of verified links (the rep's form, the API's answers). */
export const viewerEmailMessages = {
  emailRequired: 'Enter your e-mail address to open this deck.',
  domainNotAllowed:
    'This deck can only be opened with an e-mail address at the company it was sent to.',
  codeRequired: 'Enter the 6-digit code from the e-mail.',
  codeShape: 'The code is the 6 digits from the e-mail.',
  wrongCode: 'That code is not right. Please check the e-mail and try again.',
  codeDead: 'This code has expired or was tried too often. Ask for a new code.',
  tooManyCodes:
    'Several codes were sent to this address already. Please wait a few minutes and ask again.',
  domainInvalid: (domain: string) => `"${domain}" is not a domain such as acme.com.`,
  tooManyDomains: `At most ${viewerCodeRules.maxDomains} domains.`,
  domainsNeedEmail: "Allowed domains only apply when the link asks for the viewer's e-mail.",
} as const;

/** A domain as written in a link's list: lower case, without a leading `@` or spaces. */
export const normalizeDomain = (domain: string) => domain.trim().toLowerCase().replace(/^@/, '');

const domainPattern =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether `domain` (normalized) is a host name with at least one dot, such as `acme.com`. */
export const isDomainName = (domain: string) => domainPattern.test(domain);

/**
 * Whether an address may verify on a link limited to `domains`: at one of them or at a
 * subdomain of one (`eu.acme.com` for `acme.com`); every address when the list is empty.
 */
export function isAllowedViewerEmail(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The routes of the e-mail step under a link's API. */
export const viewerEmailPaths = {
  /** GET: whether the link asks for an e-mail and the page's language. */
  access: (token: string) => `/api/client-view/${token}/viewer`,
  /** POST `{ email }`: mails a code. */
  code: (token: string) => `/api/client-view/${token}/viewer/code`,
  /** POST `{ email, code }`: the right code sets the cookie that opens the link. */
  verify: (token: string) => `/api/client-view/${token}/viewer/verify`,
} as const;

/** `GET viewerEmailPaths.access`: what the page needs before it shows the e-mail step. */
export type ViewerAccess = {
  emailRequired: boolean;
  /** The address this browser proved for the link, if any. */
  verifiedEmail: string | null;
  /** The deck's language (BCP 47) and direction, so the step speaks it. */
  language: string;
  direction: 'ltr' | 'rtl';
};
