import {
  figurePreflightFinding,
  type SlideFinding,
  type TemplateLibraryDocuments,
} from '@deck-portal/domain';
import {
  createTemplateLibrary,
  preflightLibrary,
  sampleFigureFindings,
} from '@deck-portal/deck-engine/library';
import type { Db } from '../db/database.ts';
import type { Services } from '../services.ts';
import { usableDocuments } from './document-problems.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';
import { brandFiles, loadLibraryPictures } from './library-pictures.ts';

/**
 * The preflight findings of the draft's slides (retired ones left out), each drawn with the
 * studio's sample data as its thumbnail is: what an editor sees before publishing.
 */
export async function preflightLibraryDraft(
  services: Pick<Services, 'db' | 'objects'>,
  db: Db = services.db,
): Promise<SlideFinding[]> {
  return preflightDocuments(services, draftDocuments(await readDraftRows(db)));
}

/** The findings of a library's slides, its pictures and brand font loaded as a deck loads them. */
export async function preflightDocuments(
  services: Pick<Services, 'db' | 'objects'>,
  stored: TemplateLibraryDocuments,
): Promise<SlideFinding[]> {
  const documents = usableDocuments(stored);
  const files = await loadLibraryPictures(
    services,
    [...documents.slides, ...documents.parts],
    brandFiles(documents.brand),
  );
  // Figures a client would not believe, as the studio's sample deck computes them.
  const figureFindings = documents.slides.flatMap((slide, index) =>
    slide.retired
      ? []
      : sampleFigureFindings(slide).map((finding) => ({
          ...figurePreflightFinding(finding),
          slideTitle: slide.title,
          slideNumber: index + 1,
        })),
  );
  return [
    ...preflightLibrary(createTemplateLibrary(undefined, documents), files),
    ...figureFindings,
  ].sort((a, b) => a.slideNumber - b.slideNumber);
}
