import {
  createTheme,
  darken,
  Loader,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';

// The portal's look (main.tsx, with its modals and toasts in providers.tsx). The client's page
// (client-view-main.tsx) has no Mantine: features/client-view/client-view.css draws it in the
// same colours.

// WCAG 2.1 AA contrast (4.5:1 for text), checked by e2e/tests/accessibility.spec.ts:
// - filled buttons and badges use shade 8, and pick black or white text by the background's
//   luminance near the point where both give the same contrast, so either is at least 4.5:1;
// - the text of light, subtle and transparent variants is each colour's shade 9 darkened by 30%
//   (green and yellow at shade 9 are too light on their tinted background);
// - error text is red 9 (Mantine's red 6 is 3.3:1 on white);
// - secondary ("dimmed") text and placeholders are a darker grey than Mantine's (5.0:1 on
//   white, not 3.3:1 and 2.1:1).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.185,
  defaultRadius: 'md',
  // Someone whose system asks for less motion gets no fades or slides: dialogs, drawers, menus
  // and toasts appear and go at once.
  respectReducedMotion: true,
  // Headings take the same stack (Mantine uses fontFamily for them when they name none).
  fontFamily: [
    'Inter',
    // The deck engine's fallback families (lib/script-fonts): loaded once a page has text in
    // their script. These four come before the system fonts, which may draw the script in
    // another design (Segoe UI and DejaVu Sans have Arabic and Hebrew); their faces name only
    // their script's characters, so Latin text never reaches them.
    '"Noto Sans Arabic"',
    '"Noto Sans Hebrew"',
    '"Noto Sans Devanagari"',
    '"Noto Sans Thai"',
    // Emoji in the engine's monochrome design: before the system fonts, or Chrome draws an emoji
    // with (or as a missing glyph of) the first system font. The build drops the digits, #, *,
    // arrows and ™ its slices also hold (build/font-files.ts), so it draws emoji only.
    '"Noto Emoji"',
    'system-ui',
    '-apple-system',
    '"Segoe UI"',
    'Roboto',
    '"Helvetica Neue"',
    'Arial',
    // Google Fonts' CJK slices include Latin letters and spaces: after the Latin fonts, so they
    // draw only what those have no glyph for.
    '"Noto Sans JP"',
    '"Noto Sans SC"',
    '"Noto Sans TC"',
    '"Noto Sans KR"',
    'sans-serif',
  ].join(', '),
  components: {
    // A toast's close button says what it does to a screen reader (axe fails an unnamed button).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
    }),
    // A spinner is a status: its label ("Loading versions") is then one a screen reader reads,
    // where on a bare span axe fails it as an attribute the element may not have.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#697077',
    // A picker's placeholder is drawn as text (an empty expiry date): it needs 4.5:1 as well.
    '--mantine-color-placeholder': '#697077',
    '--mantine-color-error': resolved.colors.red[9],
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: {},
});
