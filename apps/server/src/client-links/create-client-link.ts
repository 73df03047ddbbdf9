import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  clientHeadline,
  clientLinkMessages,
  clientLinkPaths,
  type createClientLinkRequestSchema,
  type CreateClientLinkResponse,
  viewerEmailMessages,
} from '@deck-portal/domain';
import { hashPassword } from '../auth/passwords.ts';
import type { User } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientLinks, decks } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { AppError } from '../http/app-error.ts';
import { consumeAttempt } from '../auth/throttled.ts';
import { consumeMailQuota } from '../auth/mail-quota.ts';
import type { CountedAttempt } from '../auth/throttle.ts';
import { sendMail } from '../mail/send-mail.ts';
import { clientLinkMail } from '../mail/templates/client-link-mail.tsx';
import type { Services } from '../services.ts';
import { findVersion } from '../decks/deck-versions.ts';
import { toClientLink } from './client-link-rows.ts';
import { linkLanguageOf } from './deck-language.ts';
import { assertLinkMayShow } from '../deal-desk/client-visibility.ts';
import { deckOfEvent, linkEventSubject, linkOfEvent } from '../events/event-data.ts';
import { recordEvent } from '../events/record-event.ts';
import { describeLinkTerms, linkSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';
import { checkAcceptanceOptions } from '../proposals/acceptance-options.ts';

/**
 * Makes a link for one recipient of a deck the caller manages. The token is 32 random bytes;
 * only its SHA-256 is stored, so the answer is the one time the address is told. With
 * `sendEmail` the link goes to the recipient through the outbox, in the same transaction,
 * once the mail limits allow it (`consumeLinkMail`); refused, nothing is made.
 */
export async function createClientLink(
  services: Services,
  {
    user,
    deckId,
    input,
  }: { user: User; deckId: string; input: z.output<typeof createClientLinkRequestSchema> },
): Promise<CreateClientLinkResponse> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  await assertLinkMayShow(services, deck, input.pinnedVersion);
  const now = services.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('validation_failed', clientLinkMessages.expiryInPast, {
      fields: { expiresAt: clientLinkMessages.expiryInPast },
    });
  }
  // A pinned link shows that version for good; its mail names that version's headline.
  const shown = input.pinnedVersion
    ? await findVersion(services.db, deck.id, input.pinnedVersion)
    : deck;
  if (!shown) {
    const message = `This deck has no version ${input.pinnedVersion}.`;
    throw new AppError('validation_failed', message, { fields: { pinnedVersion: message } });
  }
  if (input.allowedDomains.length > 0 && !input.requireEmail) {
    throw new AppError('validation_failed', viewerEmailMessages.domainsNeedEmail, {
      fields: { allowedDomains: viewerEmailMessages.domainsNeedEmail },
    });
  }
  const acceptance = checkAcceptanceOptions(input.acceptance, shown.draft);
  const headline = clientHeadline(shown.draft.basicInfo);
  const shownLanguage = linkLanguageOf(shown);
  const token = newToken();
  const url = `${services.config.publicUrl}${clientLinkPaths.view(token)}`;
  const passcodeHash = input.passcode ? await hashPassword(input.passcode) : null;
  const giveMailBack = input.sendEmail
    ? await consumeLinkMail(services, {
        userId: user.id,
        deckId: deck.id,
        version: input.pinnedVersion ?? deck.currentVersion,
        recipientEmail: input.recipientEmail,
      })
    : undefined;

  const link = await services.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(clientLinks)
        .values({
          deckId: deck.id,
          tokenHash: hashToken(token),
          recipientName: input.recipientName,
          recipientEmail: input.recipientEmail,
          passcodeHash,
          allowDownload: input.allowDownload,
          pinnedVersion: input.pinnedVersion ?? null,
          ...acceptance,
          versionAtCreation: input.pinnedVersion ?? deck.currentVersion,
          requireEmail: input.requireEmail,
          allowedDomains: input.allowedDomains,
          createdBy: user.id,
          createdAt: now,
          expiresAt,
        })
        .returning();
      if (deck.status === 'completed') {
        await tx
          .update(decks)
          .set({ status: 'shared', updatedAt: now })
          .where(eq(decks.id, deck.id));
      }
      // The event never carries the address: the token is the client's key.
      await recordEvent(tx, services.clock, {
        type: 'link.created',
        ...linkEventSubject(deck, row!),
        actorId: user.id,
        data: {
          deck: deckOfEvent(deck),
          link: {
            ...linkOfEvent(row!),
            pinnedVersion: row!.pinnedVersion,
            acceptanceEnabled: row!.acceptanceEnabled,
            emailed: input.sendEmail,
          },
          createdBy: { id: user.id, name: user.name, email: user.email },
        },
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'link.created',
        subject: linkSubject(row!, deck.title),
        target: { id: null, email: row!.recipientEmail },
        newValue: describeLinkTerms(row!),
        at: now,
      });
      if (input.sendEmail) {
        // The link is the client's key: the template is secret, its text kept until SMTP has it.
        await sendMail(
          tx,
          services.config,
          clientLinkMail,
          {
            recipientName: input.recipientName,
            senderName: user.name,
            headline,
            message: input.message ?? '',
            url,
            expiresAt,
            hasPasscode: passcodeHash !== null,
            // The client reads the mail in the deck's language, as the page.
            language: shownLanguage.language,
            locale: shownLanguage.locale,
          },
          { to: input.recipientEmail, replyTo: user.email },
        );
      }
      return row!;
    })
    .catch(async (error: unknown) => {
      // Nothing was written, so nothing was sent: the allowances are given back.
      await giveMailBack?.();
      throw error;
    });
  return {
    link: toClientLink(link, { createdBy: user.name, now }),
    url,
    emailed: input.sendEmail,
  };
}

/**
 * Counts the link's mail before anything is written, so a refused request changes nothing:
 * one mail of a link to one version of a deck per address an hour (a second one is most likely
 * a slip, and a recipient is not to be flooded), then the rep's hourly mail allowance. A new
 * version is news: its link may be mailed to an address that got the previous one minutes ago.
 * Answers 429 with Retry-After and the reason, or a function that gives both back (when the
 * link is not made).
 */
async function consumeLinkMail(
  services: Services,
  {
    userId,
    deckId,
    version,
    recipientEmail,
  }: { userId: string; deckId: string; version: number; recipientEmail: string },
) {
  const recipient = {
    key: `client-link-mail:deck:${deckId}:v${version}:to:${recipientEmail.toLowerCase()}`,
    rule: services.throttleRules.clientLinkMailPerRecipient,
  };
  const recipientMail = await consumeAttempt(
    services,
    [recipient],
    clientLinkMessages.recipientMailedRecently,
  );
  let quota: CountedAttempt;
  try {
    quota = await consumeMailQuota(services, userId);
  } catch (error) {
    // The recipient is not mailed after all.
    await recipientMail.giveBack();
    throw error;
  }
  return async () => {
    await recipientMail.giveBack();
    await quota.giveBack();
  };
}
