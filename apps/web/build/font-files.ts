/**
 * How the build treats the web fonts' files (src/lib/script-fonts). Google Fonts' CJK families
 * come in about a hundred slices a weight, each a file a page fetches only when its text has a
 * character of that slice: a slice inlined into its style sheet as a data URL (Vite inlines
 * assets under 4 KB) would be fetched with the sheet by every page that loads the family.
 */
export function inlineAsset(file: string): false | undefined {
  return /\.woff2?$/.test(file) ? false : undefined;
}

/**
 * A PostCSS plugin (run after `@import`s are inlined, before URLs are resolved) that drops a
 * font's WOFF fallback after its WOFF2 file: every browser the portal supports reads WOFF2, so
 * the WOFF copies would be built into dist/ and never fetched.
 */
export const woff2Only = {
  postcssPlugin: 'deck-portal:woff2-only',
  Declaration: {
    src(declaration: { value: string }) {
      declaration.value = declaration.value.replace(
        /,\s*url\([^)]*\.woff\)\s*format\(\s*['"]?woff['"]?\s*\)/g,
        '',
      );
    },
  },
};

/** What Noto Emoji's faces give up to the text fonts: Basic Latin to the end of the arrows. */
const TEXT_CHARACTERS = { to: 0x21ff };
/** Inside that span, what only emoji sequences use: the zero-width joiner and the keycap mark. */
const SEQUENCE_MARKS = new Set([0x200d, 0x20e3]);

/**
 * A face's unicode-range less the text characters (digits, `#`, `*`, `©`, `™`, arrows), which
 * Noto Emoji's slices also hold: the portal names the family before the system's Latin fonts
 * (app/theme.ts), and it is to draw emoji only.
 */
export function emojiOnlyRange(range: string): string {
  const kept: string[] = [];
  for (const token of range.split(',')) {
    const match = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(token);
    if (!match) {
      kept.push(token.trim());
      continue;
    }
    const start = parseInt(match[1]!, 16);
    const end = match[2] ? parseInt(match[2], 16) : start;
    if (start > TEXT_CHARACTERS.to || (start === end && SEQUENCE_MARKS.has(start))) {
      kept.push(token.trim());
    } else if (end > TEXT_CHARACTERS.to) {
      const from = (TEXT_CHARACTERS.to + 1).toString(16);
      kept.push(`U+${from}-${match[2]!}`);
    }
  }
  return kept.join(',');
}

/** A PostCSS plugin applying `emojiOnlyRange` to the faces of Noto Emoji. */
export const emojiOnly = {
  postcssPlugin: 'deck-portal:emoji-only',
  Declaration: {
    'unicode-range'(declaration: { value: string; parent?: unknown }) {
      const nodes = (declaration.parent as { nodes?: unknown[] } | undefined)?.nodes ?? [];
      const family = nodes.find(
        (node): node is { prop: string; value: string } =>
          (node as { prop?: unknown }).prop === 'font-family',
      );
      if (family && /noto emoji/i.test(family.value)) {
        declaration.value = emojiOnlyRange(declaration.value);
      }
    },
  },
};
