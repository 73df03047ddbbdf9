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
