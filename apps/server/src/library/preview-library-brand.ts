import type { Brand } from '@deck-portal/domain';
import { createTemplateLibrary, previewLibraryDocument } from '@deck-portal/deck-engine/library';
import type { Services } from '../services.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';
import { brandFiles, loadLibraryPictures } from './library-pictures.ts';

/** The slides a brand change is shown on: a dark one, a light one, one with figures. */
const sampleSlideIds = ['title', 'about-us', 'by-the-numbers'];

/**
 * The brand drawn on three of the draft's slides (those above, else its first three), so an
 * editor sees a change before it is saved or published.
 */
export async function previewLibraryBrand(
  services: Pick<Services, 'db' | 'objects'>,
  brand: Brand,
) {
  const documents = draftDocuments(await readDraftRows(services.db));
  const library = createTemplateLibrary(brand, documents);
  const known = documents.slides.filter((slide) => sampleSlideIds.includes(slide.id));
  const samples = known.length > 0 ? known : documents.slides.slice(0, 3);
  return Promise.all(
    samples.map(async (slide) => {
      const drawn = await previewLibraryDocument(
        library,
        'slide',
        slide.id,
        await loadLibraryPictures(services, [slide, ...documents.parts], brandFiles(brand)),
      );
      return { id: slide.id, title: slide.title, svg: drawn?.svg ?? '' };
    }),
  );
}
