import { describe, expect, it } from 'vitest';
import type { TemplateElement } from './elements.ts';
import { documentTexts, isTranslatable, translateDocument } from './translations.ts';

const slide = {
  heading: 'Your investment',
  subheading: '{{client.name}}',
  elements: [
    {
      kind: 'text',
      x: 0,
      y: 0,
      w: 100,
      h: 20,
      text: 'Prepared for {{client.name}}',
      style: { size: 12 },
    },
    {
      kind: 'text',
      x: 0,
      y: 0,
      w: 100,
      h: 20,
      text: ['Fast', { runs: [{ text: 'Caring', weight: 'bold' }, { text: ' about you' }] }],
      style: { size: 12 },
    },
    {
      kind: 'table',
      x: 0,
      y: 0,
      w: 100,
      h: 20,
      columns: [1, 1],
      header: ['Item', 'Amount'],
      rows: [['Fast', '$1,000']],
    },
  ] as TemplateElement[],
};

describe('translations', () => {
  it('list every text with words once, not bindings or figures alone', () => {
    expect(isTranslatable('{{client.name}}')).toBe(false);
    expect(isTranslatable('$1,000')).toBe(false);
    expect(documentTexts(slide)).toEqual([
      'Your investment',
      'Prepared for {{client.name}}',
      'Fast',
      'Caring about you',
      'Item',
      'Amount',
    ]);
  });

  it('draw each text in the language, keep the source where one is missing and list it', () => {
    const { document, missing } = translateDocument(slide, {
      'Your investment': 'ご投資',
      'Prepared for {{client.name}}': '{{client.name}} 様向け',
      Fast: '迅速',
      'Caring about you': 'お客様を大切に',
      Item: '',
    });
    expect(document.heading).toBe('ご投資');
    expect(document.elements[0]).toMatchObject({ text: '{{client.name}} 様向け' });
    expect(document.elements[1]).toMatchObject({
      text: ['迅速', { runs: [{ text: 'お客様を大切に', weight: 'bold' }] }],
    });
    expect(document.elements[2]).toMatchObject({
      header: ['Item', 'Amount'],
      rows: [['迅速', '$1,000']],
    });
    expect(missing).toEqual(['Item', 'Amount']);
  });
});
