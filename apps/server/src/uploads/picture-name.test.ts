import { describe, expect, it } from 'vitest';
import { pictureFileName, tagsOfName } from './picture-name.ts';

describe('a picture’s name and starting tags', () => {
  it('keeps the last part of the name the browser sent, without control characters', () => {
    expect(pictureFileName(encodeURIComponent('C:\\photos\\Rooftop array.jpg'))).toBe(
      'Rooftop array.jpg',
    );
    expect(pictureFileName('bad%E0%A4%A.png')).toBe('bad%E0%A4%A.png');
    expect(pictureFileName(encodeURIComponent('roof\u0000\u0007.png'))).toBe('roof.png');
    expect(pictureFileName(undefined)).toBeUndefined();
    expect(pictureFileName(encodeURIComponent('  /  '))).toBeUndefined();
    expect(pictureFileName('x'.repeat(500))).toHaveLength(200);
  });

  it('tags a picture with the words of its name, not numbers, joining words or camera words', () => {
    expect(tagsOfName('Rooftop-Array_2031 final.JPG')).toEqual(['rooftop', 'array']);
    expect(tagsOfName('IMG_4021.jpeg')).toEqual([]);
    expect(tagsOfName('HeatPump on the Roof of Northwind.png')).toEqual([
      'heat',
      'pump',
      'roof',
      'northwind',
    ]);
    expect(tagsOfName('Café façade, été.webp')).toEqual(['café', 'façade', 'été']);
    expect(
      tagsOfName('a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii'),
    ).toHaveLength(8);
  });
});
