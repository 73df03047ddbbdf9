/**
 * The deck engine draws text its own font has no glyph for in bundled Noto families
 * (packages/deck-engine/src/layout/fonts.ts); the portal and the client's page name the same
 * families in their font stacks (app/theme.ts, features/client-view/client-view.css), so a
 * client's name reads in the portal as it does on the slides (docs/decisions/027).
 *
 * A family's style sheet is fetched only once a page shows or is typed text in its script, and
 * each of its faces names the characters it has (`unicode-range`), so the browser then fetches
 * only the files that text needs: a Latin page fetches no font at all.
 */
export type ScriptFontFamily =
  | 'Noto Sans JP'
  | 'Noto Sans SC'
  | 'Noto Sans TC'
  | 'Noto Sans KR'
  | 'Noto Sans Arabic'
  | 'Noto Sans Hebrew'
  | 'Noto Sans Devanagari'
  | 'Noto Sans Thai'
  | 'Noto Emoji';

const styleSheets: Readonly<Record<ScriptFontFamily, () => Promise<unknown>>> = {
  'Noto Sans JP': () => import('./noto-sans-jp.css'),
  'Noto Sans SC': () => import('./noto-sans-sc.css'),
  'Noto Sans TC': () => import('./noto-sans-tc.css'),
  'Noto Sans KR': () => import('./noto-sans-kr.css'),
  'Noto Sans Arabic': () => import('./noto-sans-arabic.css'),
  'Noto Sans Hebrew': () => import('./noto-sans-hebrew.css'),
  'Noto Sans Devanagari': () => import('./noto-sans-devanagari.css'),
  'Noto Sans Thai': () => import('./noto-sans-thai.css'),
  'Noto Emoji': () => import('./noto-emoji.css'),
};
const allFamilies = Object.keys(styleSheets) as ScriptFontFamily[];

/** The East Asian characters the engine draws in its CJK families (the same range). */
const EAST_ASIAN =
  /[\u1100-\u11FF\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
/** Emoji as the engine finds them (its Noto Emoji range). */
const EMOJI_CHARACTERS = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u20E3/gu;

/**
 * Whether a text has an emoji, less the pictographs Latin text uses (©, ®, ‼, ™, arrows), which
 * the text fonts draw (the portal's Noto Emoji faces leave them out: build/font-files.ts).
 */
function hasEmoji(text: string): boolean {
  for (const [character] of text.matchAll(EMOJI_CHARACTERS)) {
    const code = character.codePointAt(0)!;
    if (code > 0x21ff || code === 0x20e3) return true;
  }
  return false;
}

const otherScripts: ReadonlyArray<readonly [ScriptFontFamily, RegExp]> = [
  ['Noto Sans Arabic', /\p{Script_Extensions=Arabic}/u],
  ['Noto Sans Hebrew', /\p{Script_Extensions=Hebrew}/u],
  ['Noto Sans Devanagari', /\p{Script_Extensions=Devanagari}/u],
  ['Noto Sans Thai', /\p{Script_Extensions=Thai}/u],
];
/** What the Latin fonts draw: the common case, answered with one test. */
const LATIN_FONTS_ONLY =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * The families a text needs. Kana means Japanese and hangul Korean (as the engine prefers for a
 * word); other Han characters take Japanese, Simplified and Traditional Chinese, which a browser
 * tries in that order, character by character.
 */
export function scriptFontFamilies(text: string): ScriptFontFamily[] {
  if (LATIN_FONTS_ONLY.test(text) && !hasEmoji(text)) return [];
  const families: ScriptFontFamily[] = [];
  if (EAST_ASIAN.test(text)) {
    if (KANA.test(text)) families.push('Noto Sans JP');
    if (HANGUL.test(text)) families.push('Noto Sans KR');
    if (families.length === 0) families.push('Noto Sans JP', 'Noto Sans SC', 'Noto Sans TC');
  }
  for (const [family, script] of otherScripts) {
    if (script.test(text)) families.push(family);
  }
  if (hasEmoji(text)) families.push('Noto Emoji');
  return families;
}

function loadStyleSheet(family: ScriptFontFamily): Promise<unknown> {
  return styleSheets[family]();
}

/**
 * Watches `root` for text in another script (shown, or typed into a field) and loads that
 * script's family once; it stops when every family is loaded, or when the returned function is
 * called.
 */
export function loadScriptFonts(
  root: HTMLElement,
  load: (family: ScriptFontFamily) => Promise<unknown> = loadStyleSheet,
): () => void {
  const pending = new Set(allFamilies);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(scanNode);
      else scanNode(record.target);
    }
  });
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      scanText(field.value);
    }
  };
  const stop = () => {
    observer.disconnect();
    root.removeEventListener('input', onInput, true);
  };

  function scanText(text: string) {
    for (const family of scriptFontFamilies(text)) {
      if (!pending.delete(family)) continue;
      // A style sheet that fails to arrive leaves that text in the system's fonts: still legible.
      load(family).catch(() => undefined);
    }
    if (pending.size === 0) stop();
  }

  function scanNode(node: Node) {
    if (node instanceof CharacterData) {
      scanText(node.data);
      return;
    }
    if (!(node instanceof Element)) return;
    // Each text node on its own: a Japanese name beside a Chinese one needs both families.
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      scanText((text as Text).data);
    }
    // A field's value is a property, not text: a restored draft fills fields without typing.
    const fields = node.matches('input, textarea') ? [node] : [];
    fields.push(...node.querySelectorAll('input, textarea'));
    for (const field of fields) scanText((field as HTMLInputElement | HTMLTextAreaElement).value);
  }

  observer.observe(root, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['value'],
  });
  root.addEventListener('input', onInput, true);
  scanNode(root);
  return stop;
}
