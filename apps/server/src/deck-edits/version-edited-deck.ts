import { buffer } from 'node:stream/consumers';
import type { EditedDeck } from '@deck-portal/domain';
import type { Services } from '../services.ts';
import type { DeckVersionRow } from '../decks/deck-versions.ts';
import { deckFileNames } from '../decks/version-files.ts';
import { AppError } from '../http/app-error.ts';
import { storeDeckPictures } from './edited-pictures.ts';

/**
 * A version's slides as an edited deck: the slides it was drawn from when it was edited, else
 * its own PowerPoint file read back by the importer (on the worker pool), its pictures kept with
 * the deck. Each slide keeps the key the version's plan gives it.
 */
export async function editedDeckOfVersion(
  services: Services,
  { deckId, version }: { deckId: string; version: DeckVersionRow },
): Promise<EditedDeck> {
  if (version.edited) return version.edited;
  const file = await services.fileStore.get(
    services.db,
    deckId,
    deckFileNames.pptx(version.number),
  );
  if (!file) {
    throw new AppError(
      'conflict',
      `Version ${version.number} has no PowerPoint file to edit. Make a new version with Modify.`,
    );
  }
  const read = await services.deckRenderer.readEdited(new Uint8Array(await buffer(file.body)), {
    ...(version.slidePlan ? { slidePlan: version.slidePlan } : {}),
  });
  if (!read.ok) {
    throw new AppError(
      'conflict',
      `Version ${version.number} could not be opened for editing: its file ${read.reason}.`,
    );
  }
  await storeDeckPictures(services, deckId, read.pictures);
  return withVersionTitles(read.edited, version);
}

/**
 * Each slide named as the version names it (what analytics and the history call it: "Battery
 * Backup: your investment"), rather than by the first words read off it (a small kicker).
 */
export function withVersionTitles(
  edited: EditedDeck,
  { slidePlan, slideTitles }: Pick<DeckVersionRow, 'slidePlan' | 'slideTitles'>,
): EditedDeck {
  const titles = new Map<string, string>();
  slidePlan?.forEach((planned, i) => {
    const title = slideTitles[i]?.trim();
    if (title) titles.set(planned.key, title.slice(0, 120));
  });
  return {
    slides: edited.slides.map((slide) => {
      const title = titles.get(slide.key);
      return title ? { ...slide, document: { ...slide.document, title } } : slide;
    }),
  };
}
