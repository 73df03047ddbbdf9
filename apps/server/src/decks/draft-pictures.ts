import {
  draftPictures,
  picturesUnavailableMessage,
  uploadIdOf,
  type DeckDraft,
  type MissingPicture,
  type PictureCheckResult,
} from '@deck-portal/domain';
import { buildDeck } from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadUpload, ownUploads, readUpload } from '../uploads/store-upload.ts';

const uploadGone = 'the uploaded picture is no longer available; upload it again';

/**
 * The bytes of the pictures a draft names by upload, by the address it names them with. Only
 * uploads of `uploaderIds` count (the deck's owner, and whoever makes this version: a manager
 * may add a picture to a rep's deck): an upload id copied from someone else's draft stays
 * missing.
 */
export async function loadDraftUploads(
  services: Pick<Services, 'db' | 'objects'>,
  draft: DeckDraft,
  uploaderIds: readonly string[],
): Promise<Record<string, Uint8Array>> {
  // Every upload the custom slides' content names, not only those of the placeholders the draft
  // lists: the deck is drawn from its layouts' placeholders, and a draft may list none (an API
  // caller) or those of an older layout.
  const byId = new Map<string, string[]>();
  for (const slide of draft.templateCustomization.customSlides) {
    for (const value of Object.values(slide.placeholderContent)) {
      const id = uploadIdOf(value);
      // By the address as written and as trimmed: a picture's address is read trimmed.
      if (id) byId.set(id, [...new Set([...(byId.get(id) ?? []), value, value.trim()])]);
    }
  }
  if (byId.size === 0) return {};
  const rows = await ownUploads(services, uploaderIds, [...byId.keys()]);
  const pictures = await Promise.all(
    rows.map(async (row) => {
      const bytes = new Uint8Array(await readUpload(services, row));
      return byId.get(row.id)!.map((url) => [url, bytes] as const);
    }),
  );
  return Object.fromEntries(pictures.flat());
}

/** The draft's pictures that could not be used and that the rep did not keep as frames. */
export function refusedPictures(
  draft: DeckDraft,
  missing: readonly { url: string; reason: string }[],
): MissingPicture[] {
  const reasons = new Map(missing.map((picture) => [picture.url, picture.reason]));
  return draftPictures(draft.templateCustomization).flatMap((picture) => {
    const reason = reasons.get(picture.url);
    if (reason === undefined || picture.isKeptAsPlaceholder) return [];
    const { slideIndex, objectId, url } = picture;
    return [{ slideIndex, objectId, url, reason: uploadIdOf(url) ? uploadGone : reason }];
  });
}

/** Refuses generation (422) while a picture is missing and not kept as an empty frame. */
export function assertPicturesUsable(draft: DeckDraft, missing: readonly MissingPicture[]) {
  if (missing.length === 0) return;
  throw new AppError('pictures_unavailable', picturesUnavailableMessage, {
    status: 422,
    fields: Object.fromEntries(
      missing.map((picture) => [
        `templateCustomization.customSlides.${picture.slideIndex}.placeholderContent.${picture.objectId}`,
        `This picture cannot be used: ${picture.reason}.`,
      ]),
    ),
  });
}

/**
 * What step 4 checks before generating, without rendering: every picture the draft names (an
 * upload must still be there for its owner, an address is fetched as generation would) and the
 * warnings the laid-out deck carries, such as characters its font cannot draw.
 */
export async function preflightDraft(
  services: Pick<Services, 'db' | 'deckRenderer' | 'currentLibrary'>,
  { user, draft }: { user: User; draft: DeckDraft },
) {
  const missingPictures = await findMissingPictures(services, user, draft);
  const deck = buildDeck(draft, (await services.currentLibrary()).library);
  return { missingPictures, warnings: deck.warnings };
}

/**
 * Every picture of the draft that cannot be used for `user` now, and why: an upload that is gone
 * or not theirs, an address that does not answer with a picture.
 */
export async function findMissingPictures(
  services: Pick<Services, 'db' | 'deckRenderer'>,
  user: User,
  draft: DeckDraft,
): Promise<MissingPicture[]> {
  const pictures = draftPictures(draft.templateCustomization);
  if (pictures.length === 0) return [];
  // Each address once, all at once; a failure (the database gone) fails the whole check.
  const urls = [...new Set(pictures.map((picture) => picture.url))];
  const results = await Promise.all(urls.map((url) => checkOne(services, user, url)));
  const reasons = new Map(
    urls.map((url, index) => {
      const result = results[index]!;
      return [url, result.ok ? undefined : result.reason] as const;
    }),
  );
  return pictures.flatMap(({ slideIndex, objectId, url }) => {
    const reason = reasons.get(url);
    return reason === undefined ? [] : [{ slideIndex, objectId, url, reason }];
  });
}

/** Whether one picture can be used: its size, or why not. */
export async function checkOne(
  services: Pick<Services, 'db' | 'deckRenderer'>,
  user: User,
  url: string,
): Promise<PictureCheckResult> {
  const uploadId = uploadIdOf(url);
  if (!uploadId) return services.deckRenderer.checkPicture(url);
  const upload = await loadUpload(services, { id: uploadId, viewer: user });
  return upload
    ? { ok: true, width: upload.width ?? 0, height: upload.height ?? 0 }
    : { ok: false, reason: uploadGone };
}
