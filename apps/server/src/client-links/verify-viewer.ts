import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  isAllowedViewerEmail,
  viewerCodeRules,
  viewerEmailMessages,
  type ViewerAccess,
} from '@deck-portal/domain';
import { consumeAttempt } from '../auth/throttled.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientLinkUnlocks, clientLinkViewerCodes } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { sendMail } from '../mail/send-mail.ts';
import { viewerCodeMail } from '../mail/templates/viewer-code-mail.tsx';
import type { Services } from '../services.ts';
import type { ClientLinkRow } from './client-link-rows.ts';
import { linkLanguageOf } from './deck-language.ts';
import { resolveClientLink, type OpenClientLink } from './resolve-client-link.ts';
import { unlockLifetimeMs } from './unlock-client-link.ts';
import { verifiedEmailOf } from './verify-viewer-proof.ts';

/**
 * Verified viewers (issue 51): a link with `requireEmail` shows nothing until the viewer
 * proves an address by a 6-digit code mailed to it. Only the SHA-256 of a code is kept (with
 * the link and the address, so one code's hash says nothing about another's); a code works
 * for 10 minutes, 5 tries, once, and only the newest code of an address counts.
 */

/** What the code's row keeps instead of the code. */
const hashCode = (linkId: string, email: string, code: string) =>
  hashToken(`${linkId}:${email}:${code}`);

/** Six digits from a cryptographic random source, leading zeros kept. */
export const newViewerCode = () =>
  String(randomInt(0, 10 ** viewerCodeRules.length)).padStart(viewerCodeRules.length, '0');

/** A link that does not ask for an e-mail has no e-mail step: 409. */
function assertAsksForEmail(link: ClientLinkRow) {
  if (!link.requireEmail) {
    throw new AppError('conflict', 'This link does not ask for an e-mail address.');
  }
}

function assertAllowed(link: ClientLinkRow, email: string) {
  if (!isAllowedViewerEmail(email, link.allowedDomains)) {
    throw new AppError('domain_not_allowed', viewerEmailMessages.domainNotAllowed, {
      fields: { email: viewerEmailMessages.domainNotAllowed },
    });
  }
}

/**
 * What the page needs to know before it asks for anything: whether the link asks for an
 * e-mail, the address this browser proved already, and the deck's language for the step's
 * words (only the language, as the passcode screen has it).
 */
export async function loadViewerAccess(
  services: Services,
  { token, proof, ip }: { token: string; proof: string | undefined; ip: string },
): Promise<ViewerAccess> {
  const open = await resolveClientLink(services, { token, ip });
  const { language, direction } = linkLanguageOf(open.version);
  return {
    emailRequired: open.link.requireEmail,
    verifiedEmail: open.link.requireEmail
      ? await verifiedEmailOf(services, open.link, proof)
      : null,
    language,
    direction,
  };
}

/**
 * Mails a new code to `email` for the link, in the deck's language, once the address is at
 * an allowed domain and under its limits: 3 codes per address and link in 15 minutes (then
 * 429 with Retry-After), and a limit per network address over every link.
 */
export async function requestViewerCode(
  services: Services,
  { token, email, ip }: { token: string; email: string; ip: string },
): Promise<{ email: string; expiresAt: Date }> {
  const open = await resolveClientLink(services, { token, ip });
  const { link } = open;
  assertAsksForEmail(link);
  assertAllowed(link, email);
  const window = viewerCodeRules.codesWindowMs;
  await consumeAttempt(
    services,
    [
      {
        key: `viewer-code:ip:${ip}`,
        rule: { limit: viewerCodeRules.codesPerIp, windowMs: window },
      },
      {
        key: `viewer-code:link:${link.id}:to:${email}`,
        rule: { limit: viewerCodeRules.codesPerWindow, windowMs: window },
      },
    ],
    viewerEmailMessages.tooManyCodes,
  );
  const code = newViewerCode();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + viewerCodeRules.lifetimeMs);
  await services.db.transaction(async (tx) => {
    // Only the newest code of an address counts: the earlier ones go, and with them codes of
    // the link that ran out a day ago.
    await tx
      .delete(clientLinkViewerCodes)
      .where(
        and(
          eq(clientLinkViewerCodes.linkId, link.id),
          or(
            eq(clientLinkViewerCodes.email, email),
            lt(clientLinkViewerCodes.expiresAt, new Date(now.getTime() - 24 * 3600_000)),
          ),
        ),
      );
    await tx.insert(clientLinkViewerCodes).values({
      linkId: link.id,
      email,
      codeHash: hashCode(link.id, email, code),
      createdAt: now,
      expiresAt,
    });
    await sendMail(
      tx,
      services.config,
      viewerCodeMail,
      { code, ...languageOf(open) },
      { to: email },
    );
  });
  return { email, expiresAt };
}

const languageOf = ({ version }: OpenClientLink) => {
  const { language, locale } = linkLanguageOf(version);
  return { language, locale };
};

/**
 * Checks a code against the newest one mailed to `email` for the link. Every try counts
 * against the code before it is compared (in one statement, so parallel guesses cannot pass
 * the limit together); past 5 tries, or past its 10 minutes, or once used, the code is dead
 * (400 `code_dead`). The right code answers the proof the browser keeps in a cookie, a row of
 * `clientLinkUnlocks` naming the address; the visits it starts record it.
 */
export async function verifyViewerCode(
  services: Services,
  { token, email, code, ip }: { token: string; email: string; code: string; ip: string },
): Promise<{ proof: string; expiresAt: Date; email: string }> {
  const { link } = await resolveClientLink(services, { token, ip });
  assertAsksForEmail(link);
  assertAllowed(link, email);
  // Guesses from one address over every link are slowed as passcodes are.
  const attempt = await consumeAttempt(services, [
    { key: `viewer-code-check:ip:${ip}`, rule: services.throttleRules.passcodePerIp },
  ]);
  const now = services.clock.now();
  const [newest] = await services.db
    .select({ id: clientLinkViewerCodes.id })
    .from(clientLinkViewerCodes)
    .where(and(eq(clientLinkViewerCodes.linkId, link.id), eq(clientLinkViewerCodes.email, email)))
    .orderBy(desc(clientLinkViewerCodes.createdAt), desc(clientLinkViewerCodes.id))
    .limit(1);
  const codeDead = () =>
    new AppError('code_dead', viewerEmailMessages.codeDead, {
      fields: { code: viewerEmailMessages.codeDead },
    });
  if (!newest) throw codeDead();
  const [tried] = await services.db
    .update(clientLinkViewerCodes)
    .set({ attempts: sql`${clientLinkViewerCodes.attempts} + 1` })
    .where(
      and(
        eq(clientLinkViewerCodes.id, newest.id),
        isNull(clientLinkViewerCodes.usedAt),
        gt(clientLinkViewerCodes.expiresAt, now),
        lt(clientLinkViewerCodes.attempts, viewerCodeRules.attemptsPerCode),
      ),
    )
    .returning({
      attempts: clientLinkViewerCodes.attempts,
      codeHash: clientLinkViewerCodes.codeHash,
    });
  if (!tried) throw codeDead();
  if (tried.codeHash !== hashCode(link.id, email, code)) {
    // The last try of a code says so: the next must be a new code.
    if (tried.attempts >= viewerCodeRules.attemptsPerCode) throw codeDead();
    throw new AppError('wrong_code', viewerEmailMessages.wrongCode, {
      fields: { code: viewerEmailMessages.wrongCode },
    });
  }
  await attempt.giveBack();
  const lifetimeEnd = now.getTime() + unlockLifetimeMs;
  const expiresAt = new Date(Math.min(lifetimeEnd, link.expiresAt?.getTime() ?? lifetimeEnd));
  const proof = newToken();
  await services.db.transaction(async (tx) => {
    // Used once: of two tabs sending the right code together, one gets in by it.
    const [used] = await tx
      .update(clientLinkViewerCodes)
      .set({ usedAt: now })
      .where(and(eq(clientLinkViewerCodes.id, newest.id), isNull(clientLinkViewerCodes.usedAt)))
      .returning({ id: clientLinkViewerCodes.id });
    if (!used) throw codeDead();
    await tx
      .delete(clientLinkUnlocks)
      .where(and(eq(clientLinkUnlocks.linkId, link.id), lt(clientLinkUnlocks.expiresAt, now)));
    await tx.insert(clientLinkUnlocks).values({
      tokenHash: hashToken(proof),
      linkId: link.id,
      verifiedEmail: email,
      createdAt: now,
      expiresAt,
    });
  });
  return { proof, expiresAt, email };
}
