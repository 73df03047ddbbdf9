/**
 * The template format: a slide, a custom-slide layout or a shared part (a footer, a title bar)
 * as data, on the 960 × 540 pt slide. The engine interprets it; the editor, the API and the
 * engine validate it with these schemas. Version 1 has text, shapes, lines, pictures, the brand
 * mark and shared parts, with the rep's data as bindings and conditions as data.
 *
 * Bindings are written `{{path}}` inside any text, picture address or alternative text, with an
 * optional `| upper`. The paths a deck offers are in `bindingPaths`.
 *
 * What the rest of the domain, the engine, the server and the web app may use is named here; the
 * modules share more among themselves (the binding pattern, the element fields).
 */
export {
  bindingFilters,
  bindingPaths,
  figureRoles,
  fillBindings,
  findBindings,
  pricingBindingFields,
  productBindingFields,
  readDeckDateOffset,
  readPricingBinding,
  readProductBinding,
  type BindingPath,
  type FigureRole,
  type PricingBindingField,
  type ProductBindingField,
} from './bindings.ts';
export {
  brandColorNames,
  importFontFamilies,
  templateColorSchema,
  type TemplateColor,
} from './colors-and-fonts.ts';
export {
  isMarketCondition,
  isShownInMarket,
  templateConditionSchema,
  type TemplateCondition,
} from './conditions.ts';
export {
  documentTexts,
  isTranslatable,
  languageTranslationsSchema,
  libraryTranslationsSchema,
  translateDocument,
  translateText,
  type LanguageTranslations,
  type LibraryTranslations,
} from './translations.ts';
export { isLinkAddress, linkAddressFrom } from '../link-address.ts';
export {
  paragraphText,
  textRunSchema,
  type TemplateParagraph,
  type TemplateTextRun,
} from './paragraphs.ts';
export {
  editRuns,
  linkOfWords,
  linkWords,
  sameRunLook,
  styleWords,
  type WordStyle,
} from './edits.ts';
export type { TemplateShadow } from './element-fields.ts';
export { MAX_TAB_STOPS, textStyleSchema } from './text-element.ts';
export type { TableBorder, TableCellParagraph } from './table-element.ts';
export {
  addTableColumn,
  addTableRow,
  alignCellParagraphs,
  editTableCellText,
  removeTableColumn,
  removeTableRow,
} from './table-element-edits.ts';
export {
  chartMarkerShapes,
  chartTextSizes,
  type ChartMarkerShape,
  type TemplateChart,
} from './chart-element.ts';
export {
  isShapePath,
  lineEnds,
  repeatSources,
  templateElementSchema,
  type LineEnd,
  type RepeatedElement,
  type TemplateElement,
  type TemplateGradient,
} from './elements.ts';
export {
  importedSlideSourceSchema,
  isSameImportedSlide,
  type ImportedSlideSource,
} from './imported-slide-source.ts';
export {
  describeTemplateProblems,
  parseTemplateDocuments,
  slideDrawnValues,
  templateFormatVersion,
  templateLayoutSchema,
  templateLayoutsSchema,
  templatePartSchema,
  templatePartsSchema,
  templateSlideDocumentSchema,
  templateSlideDocumentsSchema,
  type SlideDrawn,
  type TemplateLayout,
  type TemplatePart,
  type TemplateSlideDocument,
} from './documents.ts';
export {
  brandFontWeights,
  brandSchema,
  libraryCategoriesSchema,
  libraryCategorySchema,
  templateLibraryDocumentsSchema,
  type Brand,
  type TemplateLibraryDocuments,
} from './library.ts';
