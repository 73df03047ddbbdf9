import {
  libraryMessages,
  templateLibraryDocumentsSchema,
  type TemplateLayout,
  type TemplateLibraryDocuments,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  createTemplateLibrary,
  previewLibraryDocument,
  TEMPLATE_CATEGORIES,
  type DocumentPreview,
} from '@deck-portal/deck-engine/library';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { usableDocuments } from './document-problems.ts';
import { brandFiles, loadLibraryPictures } from './library-pictures.ts';

export type EditedDocument =
  { kind: 'slide'; document: TemplateSlideDocument } | { kind: 'layout'; document: TemplateLayout };

/** The library with one document put in place of the one of the same id (or added at the end). */
export function withDocument(
  documents: TemplateLibraryDocuments,
  edited: EditedDocument,
): TemplateLibraryDocuments {
  const key = edited.kind === 'slide' ? 'slides' : 'layouts';
  const list = documents[key] as readonly (TemplateSlideDocument | TemplateLayout)[];
  const at = list.findIndex((document) => document.id === edited.document.id);
  const next = at === -1 ? [...list, edited.document] : list.with(at, edited.document);
  return { ...documents, [key]: next };
}

/**
 * Checks a document as part of its library — the parts it places exist, its category is one of
 * the library's, its texts fit their boxes with the sample data — and draws it as the editor's
 * live preview. What is wrong is refused with the field it concerns.
 */
export async function checkLibraryDocument(
  services: Pick<Services, 'db' | 'objects'>,
  documents: TemplateLibraryDocuments,
  edited: EditedDocument,
  { refuseOverflow }: { refuseOverflow: boolean },
): Promise<DocumentPreview> {
  const categories = documents.categories ?? TEMPLATE_CATEGORIES;
  if (
    edited.kind === 'slide' &&
    !categories.some((category) => category.id === edited.document.category)
  ) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
      fields: { 'document.category': libraryMessages.unknownCategory },
    });
  }
  const library = withDocument(
    usableDocuments(documents, { kind: edited.kind, id: edited.document.id }),
    edited,
  );
  const checked = templateLibraryDocumentsSchema.safeParse(library);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      // `slides.3.elements.2.part` → `document.elements.2.part`: the field of the document sent.
      fields[['document', ...issue.path.slice(2)].join('.')] ??= issue.message;
    }
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', { fields });
  }
  const preview = await previewLibraryDocument(
    createTemplateLibrary(undefined, library),
    edited.kind,
    edited.document.id,
    await loadLibraryPictures(
      services,
      [edited.document, ...library.parts],
      brandFiles(library.brand),
    ),
  );
  if (!preview) throw new Error(`the ${edited.kind} ${edited.document.id} was not drawn`);
  if (refuseOverflow && preview.overflowing.length > 0) {
    throw new AppError('validation_failed', 'Some text does not fit its box.', {
      fields: {
        'document.elements': `“${preview.overflowing[0]}” does not fit its box even at its smallest size: shorten it, make the box larger or allow a smaller size.`,
      },
    });
  }
  return preview;
}
