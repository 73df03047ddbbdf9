import { clientHeadline, clientLinkPaths, type ClientView } from '@deck-portal/domain';
import type { Services } from '../services.ts';
import { loadUserNames } from './client-link-rows.ts';
import type { OpenClientLink } from './resolve-client-link.ts';

/** What the client's page draws: the deck's slides through this link, and who sent it. */
export async function getClientView(
  services: Pick<Services, 'db'>,
  { open, token }: { open: OpenClientLink; token: string },
): Promise<ClientView> {
  const { link, deck } = open;
  // The rep who made the link, or the deck's owner once that account is gone.
  const names = await loadUserNames(services.db, [link.createdBy, deck.ownerId]);
  const senderName =
    (link.createdBy && names.get(link.createdBy)) || names.get(deck.ownerId) || 'Your contact';
  return {
    // The client reads the headline; the deck title is the rep's internal reference.
    title: clientHeadline(deck.draft.basicInfo),
    clientName: deck.clientName,
    recipientName: link.recipientName,
    senderName,
    slides: Array.from({ length: deck.slideCount }, (_, index) => ({
      index: index + 1,
      url: clientLinkPaths.slide(token, index + 1),
    })),
    pdfUrl: link.allowDownload ? clientLinkPaths.pdf(token) : null,
  };
}
