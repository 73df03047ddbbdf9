import type {
  LibraryDocumentProblem,
  TemplateLayout,
  TemplateSlideDocument,
} from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { describeProblem, readStoredDocument } from './document-problems.ts';
import { readDraftDocument } from './draft-thumbnails.ts';

/**
 * One draft slide or layout for the editor, with what is wrong with it when it was stored
 * broken: the editor shows the problem and saves the fix instead of failing to open it.
 */
export async function openLibraryDocument<Kind extends 'slide' | 'layout'>(
  services: Pick<Services, 'db'>,
  kind: Kind,
  id: string,
): Promise<{
  document: Kind extends 'slide' ? TemplateSlideDocument : TemplateLayout;
  revision: number;
  problems?: LibraryDocumentProblem[];
}> {
  const { row } = await readDraftDocument(services, kind, id);
  const { document, problems } = readStoredDocument(kind, row.document);
  if (!document) {
    throw new AppError(
      'library_invalid',
      `The ${kind} “${id}” cannot be opened: ${problems.map(describeProblem).join('; ')}.`,
      { status: 409 },
    );
  }
  return { document, revision: row.revision, ...(problems.length > 0 ? { problems } : {}) };
}
