/**
 * How numbered paragraphs are labelled, with PowerPoint's names for the schemes: arabic,
 * letters or roman numerals, followed by a full stop, a closing bracket, in brackets, or bare.
 */
export const numberSchemes = [
  'arabicPeriod',
  'arabicParenR',
  'arabicParenBoth',
  'arabicPlain',
  'alphaLcPeriod',
  'alphaUcPeriod',
  'alphaLcParenR',
  'alphaUcParenR',
  'alphaLcParenBoth',
  'alphaUcParenBoth',
  'romanLcPeriod',
  'romanUcPeriod',
  'romanLcParenR',
  'romanUcParenR',
  'romanLcParenBoth',
  'romanUcParenBoth',
] as const;
export type NumberScheme = (typeof numberSchemes)[number];

const romans: [number, string][] = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

function roman(value: number): string {
  let rest = value;
  let out = '';
  for (const [amount, letters] of romans) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

function letters(value: number): string {
  let out = '';
  for (let rest = value; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    out = String.fromCharCode(97 + ((rest - 1) % 26)) + out;
  }
  return out;
}

/** A numbered paragraph's label as PowerPoint writes it (`arabicPeriod` 3 → `3.`). */
export function numberLabel(scheme: string, value: number): string {
  const body = scheme.startsWith('alphaLc')
    ? letters(value)
    : scheme.startsWith('alphaUc')
      ? letters(value).toUpperCase()
      : scheme.startsWith('romanLc')
        ? roman(value).toLowerCase()
        : scheme.startsWith('romanUc')
          ? roman(value)
          : String(value);
  if (scheme.endsWith('ParenBoth')) return `(${body})`;
  if (scheme.endsWith('ParenR')) return `${body})`;
  if (scheme.endsWith('Plain')) return body;
  return `${body}.`;
}
