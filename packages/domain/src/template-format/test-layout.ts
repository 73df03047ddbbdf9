import { describeTemplateProblems, templateLayoutSchema } from './documents.ts';

// A layout the template format's tests change one thing of at a time: a title bar, a text, a
// picture shown when its field is filled and a shape.

export const layout = {
  format: 1,
  id: 'promise',
  name: 'Promise',
  description: 'One promise to the client.',
  placeholders: [
    { objectId: 'promise', label: 'Promise', type: 'BODY' },
    { objectId: 'photo', label: 'Photo', type: 'PICTURE' },
  ],
  background: 'brand.panel',
  category: 'sales',
  heading: 'For {{client.name}}',
  elements: [
    { kind: 'part', part: 'title-bar' },
    {
      kind: 'text',
      name: 'promise',
      x: 48,
      y: 124,
      w: 864,
      h: 200,
      text: '{{placeholder.promise}}',
      style: { size: 28, color: 'brand.ink' },
    },
    {
      kind: 'picture',
      x: 600,
      y: 300,
      w: 200,
      h: 150,
      src: '{{placeholder.photo}}',
      alt: '{{ client.name | upper }}',
      when: { filled: 'placeholder.photo' },
    },
    { kind: 'rect', x: 0, y: 0, w: 10, h: 540, fill: '#1FA9C0', fillOpacity: 0.5 },
  ],
};

/** What is wrong with a document checked as a layout, a line a problem; none when it passes. */
export function problems(document: unknown) {
  const parsed = templateLayoutSchema.safeParse(document);
  return parsed.success ? [] : describeTemplateProblems(parsed.error);
}
