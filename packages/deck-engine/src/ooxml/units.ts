/**
 * The measures DrawingML writes its numbers in, shared by the importer (which reads them) and
 * the PowerPoint writer (which writes them).
 */

/** EMU per point: DrawingML measures in English Metric Units (914,400 an inch). */
export const EMU_PER_POINT = 12_700;
