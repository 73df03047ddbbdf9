import { randomUUID } from 'node:crypto';
import { computesFromQuote } from '@deck-portal/deck-engine/library';
import {
  templateSlideDocumentSchema,
  type EditedSlide,
  type EditorNewSlideRequest,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';

const pictureTypes = new Set(['PICTURE', 'MEDIA', 'ONLINE_IMAGE', 'SLIDE_IMAGE']);

/**
 * A layout as a slide a person fills in: each placeholder's binding replaced by its label (a
 * picture's by nothing, so it is chosen in the editor).
 */
export function slideFromLayout(layout: TemplateLayout, id: string): TemplateSlideDocument {
  const { placeholders, name, ...body } = layout;
  const labels = new Map(
    placeholders.map((p) => [p.objectId, pictureTypes.has(p.type) ? '' : p.label]),
  );
  // Bindings sit inside JSON strings: each is replaced by its label, escaped as a JSON string.
  const elements = JSON.parse(
    JSON.stringify(body.elements).replace(
      /\{\{\s*placeholder\.([^\s|}]+)[^}]*\}\}/g,
      (binding, objectId: string) => {
        const label = labels.get(objectId);
        return label === undefined ? binding : JSON.stringify(label).slice(1, -1);
      },
    ),
  ) as unknown;
  return templateSlideDocumentSchema.parse({ ...body, id, title: name, elements });
}

/**
 * A slide to add to an editor's draft: a template slide of the current library (its document the
 * template's own, its bindings drawn with the deck's values), or a custom slide from a layout.
 */
export async function newEditorSlide(
  services: Pick<Services, 'currentLibrary'>,
  request: EditorNewSlideRequest,
): Promise<EditedSlide> {
  const { documents } = await services.currentLibrary();
  const suffix = randomUUID().slice(0, 8);
  if ('templateSlideId' in request) {
    const template = documents.slides.find(
      (slide) => slide.id === request.templateSlideId && !slide.retired && !slide.drawn,
    );
    if (!template) throw new AppError('not_found', 'That slide is not in the library.');
    return {
      key: `added-${template.id}-${suffix}`,
      hidden: false,
      priced: computesFromQuote(template),
      document: { ...template, id: `added-${suffix}` },
    };
  }
  const layout = documents.layouts.find((candidate) => candidate.id === request.layoutId);
  if (!layout) throw new AppError('not_found', 'That layout is not in the library.');
  const document = slideFromLayout(layout, `added-${suffix}`);
  return {
    key: `added-${layout.id}-${suffix}`,
    hidden: false,
    priced: computesFromQuote(document),
    document,
  };
}
