import { eq } from 'drizzle-orm';
import { clientLinkPaths, uploadIdOf, type ClientLinkSender } from '@deck-portal/domain';
import { uploads, users } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { openUpload, uploadObjectKey } from '../uploads/store-upload.ts';
import { linkLanguageOf } from './deck-language.ts';
import type { OpenClientLink } from './resolve-client-link.ts';

/** The rep who made the link, or the deck's owner once that account is gone. */
async function loadSender({ db }: Pick<Services, 'db'>, { link, deck }: OpenClientLink) {
  for (const id of [link.createdBy, deck.ownerId]) {
    if (!id) continue;
    const [row] = await db
      .select({ name: users.name, jobTitle: users.jobTitle, photoUploadId: users.photoUploadId })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

/** Who sent the link, for its page and its passcode screen (shown before the passcode). */
export async function getLinkSender(
  services: Pick<Services, 'db' | 'currentLibrary'>,
  { open, token }: { open: OpenClientLink; token: string },
): Promise<ClientLinkSender> {
  // The brand reps build with now: the company the client is dealing with.
  const { brand } = (await services.currentLibrary()).library;
  const sender = await loadSender(services, open);
  const { language, direction } = linkLanguageOf(open.version);
  return {
    companyName: brand.name,
    companyColors: {
      primary: brand.colors.primary,
      accent: brand.colors.accent,
      highlight: brand.colors.highlight,
    },
    logoUrl: brand.logo ? clientLinkPaths.logo(token) : null,
    name: sender?.name ?? 'Your contact',
    jobTitle: sender?.jobTitle ?? null,
    photoUrl: sender?.photoUploadId ? clientLinkPaths.senderPhoto(token) : null,
    // Only the language: the deck's formats and prices wait behind its passcode.
    language,
    direction,
  };
}

/**
 * The published brand's logo as a stream (the picture its slides draw), or undefined when the
 * brand has none, or its bytes are gone from the store: then it is left out, as a picture that
 * cannot be read is, rather than failing the page's header or a client's acceptance (whose
 * certificate wears it). The client cannot read the library's own address, which needs an account.
 */
export async function loadBrandLogo(services: Pick<Services, 'db' | 'objects' | 'currentLibrary'>) {
  const { brand } = (await services.currentLibrary()).library;
  const id = brand.logo ? uploadIdOf(brand.logo) : undefined;
  if (!id) return undefined;
  const [logo] = await services.db
    .select({ id: uploads.id, content: uploads.content, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  if (!logo) return undefined;
  if (logo.content) return openUpload(services, logo);
  const stored = await services.objects.get(uploadObjectKey(logo.id));
  return stored && { body: stored.body, size: stored.size, contentType: logo.contentType };
}

/** The sender's uploaded photo as a stream, or undefined when they have none. */
export async function loadSenderPhoto(
  services: Pick<Services, 'db' | 'objects'>,
  open: OpenClientLink,
) {
  const sender = await loadSender(services, open);
  if (!sender?.photoUploadId) return undefined;
  const [photo] = await services.db
    .select({ id: uploads.id, content: uploads.content, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.id, sender.photoUploadId))
    .limit(1);
  return photo ? openUpload(services, photo) : undefined;
}
