// Slides where LibreOffice, the reference, draws differently from PowerPoint for a reason of its
// own: not our shortfall, so they are exempt from the per-slide floor (LOW_SCORE) and listed with
// that reason in every report. Keep the list small and reviewed: an entry names one slide, says
// what LibreOffice does and how it was checked; a listed slide that no longer scores low is
// reported so its entry can go.

export interface Divergence {
  /** The file's name, as in the report. */
  file: string;
  /** The slide, from 1. */
  slide: number;
  /** Why LibreOffice draws it otherwise than PowerPoint does. */
  reason: string;
}

/**
 * LibreOffice 7.4 re-computes a body's shrink where the file records PowerPoint's own
 * (`<a:normAutofit fontScale="92500" lnSpcReduction="20000"/>`): it drops the line reduction,
 * finds the text overflowing and sets the type smaller still, so every line breaks elsewhere
 * (checked on its PDF: the type at 84 % and 88 %, lines at full pitch). We draw what the file
 * records, as PowerPoint opens it.
 */
const RECOMPUTED_SHRINK =
  "LibreOffice re-computes the body's shrink: it drops the file's line reduction (normAutofit lnSpcReduction) and sets the type smaller than its fontScale, so its lines break elsewhere";

export const DIVERGENCES: readonly Divergence[] = [
  { file: 'aascu-workarea-5864.pptx', slide: 17, reason: RECOMPUTED_SHRINK },
  { file: 'aptia.pptx', slide: 3, reason: RECOMPUTED_SHRINK },
  {
    // Checked on its PDF: the page's only faces are DejaVu Sans's (pdffonts).
    file: 'themes.pptx',
    slide: 10,
    reason:
      'LibreOffice sets Arial Black and Candara in DejaVu Sans, its stand-in for faces it lacks; we set them in Arimo and Carlito, nearer their widths, so the words start and break elsewhere',
  },
];
