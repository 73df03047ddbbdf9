// The engine's parts a process may never use, loaded the first time one is called: the
// PowerPoint importer (an XML parser, a PDF reader and a canvas for the office drawing), an edited
// deck's drawing and reading (issue 49), and the acceptance certificate (a PDF merger). A process
// that only makes decks, or only serves pages, never reads their code or their libraries.
import type { appendPdf as AppendPdf } from './certificate/append-pdf.ts';
import type { renderAcceptanceCertificate as RenderAcceptanceCertificate } from './certificate/acceptance-certificate.ts';
import type {
  generateEditedDeck as GenerateEditedDeck,
  previewEditedSlide as PreviewEditedSlide,
} from './edited/draw-edited.ts';
import type { readEditedDeck as ReadEditedDeck } from './edited/read-edited.ts';
import type {
  finishImport as FinishImport,
  importPresentation as ImportPresentation,
  readPresentation as ReadPresentation,
} from './import-presentation.ts';
import type { importPptx as ImportPptx } from './import/import-pptx.ts';

/** Reads a PowerPoint file's slides as library documents (see `import/import-pptx.ts`). */
export const importPptx: typeof ImportPptx = async (...args) =>
  (await import('./import/import-pptx.ts')).importPptx(...args);

/** Imports a file and draws each slide's thumbnail (see `import-presentation.ts`). */
export const importPresentation: typeof ImportPresentation = async (...args) =>
  (await import('./import-presentation.ts')).importPresentation(...args);

/** Reads a file's slides, before the office renderer draws it (see `import-presentation.ts`). */
export const readPresentation: typeof ReadPresentation = async (...args) =>
  (await import('./import-presentation.ts')).readPresentation(...args);

/** Finishes a file read by `readPresentation` (see `import-presentation.ts`). */
export const finishImport: typeof FinishImport = async (...args) =>
  (await import('./import-presentation.ts')).finishImport(...args);

/** Reads a deck's own PowerPoint file back as an edited deck (see `edited/read-edited.ts`). */
export const readEditedDeck: typeof ReadEditedDeck = async (...args) =>
  (await import('./edited/read-edited.ts')).readEditedDeck(...args);

/** An edited deck drawn as it is, in PPTX, PDF and web view (see `edited/draw-edited.ts`). */
export const generateEditedDeck: typeof GenerateEditedDeck = async (...args) =>
  (await import('./edited/draw-edited.ts')).generateEditedDeck(...args);

/** One edited slide drawn for the online editor's preview (see `edited/draw-edited.ts`). */
export const previewEditedSlide: typeof PreviewEditedSlide = async (...args) =>
  (await import('./edited/draw-edited.ts')).previewEditedSlide(...args);

/** The acceptance certificate as a PDF (see `certificate/acceptance-certificate.ts`). */
export const renderAcceptanceCertificate: typeof RenderAcceptanceCertificate = async (...args) =>
  (await import('./certificate/acceptance-certificate.ts')).renderAcceptanceCertificate(...args);

/** A PDF with another's pages appended (see `certificate/append-pdf.ts`). */
export const appendPdf: typeof AppendPdf = async (...args) =>
  (await import('./certificate/append-pdf.ts')).appendPdf(...args);
