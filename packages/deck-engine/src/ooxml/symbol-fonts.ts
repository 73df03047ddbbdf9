/**
 * PowerPoint's symbol fonts (Wingdings, Symbol…) as the importer reads their bullets and the
 * PowerPoint writer writes them: each bullet's picture and the letter the font draws it at.
 */

/**
 * What the common bullets of PowerPoint's symbol fonts look like in Unicode: Wingdings and Symbol
 * keep their pictures at letters' codes (Wingdings `§` is a small square), sometimes moved to
 * the private range (U+F0A7); undefined for one we do not know. Another font's character is
 * itself.
 */
const symbolBullets: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  wingdings: {
    0x6c: '●',
    0x6e: '■',
    0x6f: '□',
    0x71: '❑',
    0x76: '❖',
    0x77: '◆',
    0x9f: '•',
    0xa7: '▪',
    0xa8: '◻',
    0xd8: '➢',
    0xe0: '→',
    0xe8: '➔',
    0xfb: '✗',
    0xfc: '✓',
  },
  // Office themes' arrowhead bullet.
  'wingdings 3': { 0x7d: '►' },
  symbol: { 0xb7: '•', 0x2d: '–', 0xae: '→', 0xde: '⇒' },
};

const symbolFont =
  /^(wingdings|wingdings 2|wingdings 3|webdings|symbol|marlett|zapf ?dingbats|monotype sorts)$/;

/** The letter Wingdings draws a bullet's picture at (`➢` is `Ø`); undefined when it has none. */
export function wingdingsLetterOf(bullet: string): string | undefined {
  const code = Object.entries(symbolBullets.wingdings!).find(([, drawn]) => drawn === bullet)?.[0];
  return code === undefined ? undefined : String.fromCharCode(Number(code));
}

export function bulletCharacter(char: string, font?: string): string | undefined {
  const name = font?.trim().toLowerCase() ?? '';
  if (!symbolFont.test(name)) return char;
  const code = char.codePointAt(0) ?? 0;
  return symbolBullets[name]?.[code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code];
}
