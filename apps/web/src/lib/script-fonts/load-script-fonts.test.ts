import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScriptFonts, scriptFontFamilies, type ScriptFontFamily } from './load-script-fonts.ts';

describe('scriptFontFamilies', () => {
  it('needs no family for Latin, Greek or Cyrillic text, punctuation included', () => {
    expect(scriptFontFamilies('Northwind Pharmacies — “Q3” €1,200 · Ελλάδα · Москва')).toEqual([]);
    expect(scriptFontFamilies('Frostline™ © 2026 #1 ‼')).toEqual([]);
  });

  it('takes Noto Emoji for emoji, flags and keycaps, in Latin text too', () => {
    expect(scriptFontFamilies('Cold chain 🚚❄️ launch 🎉')).toEqual(['Noto Emoji']);
    expect(scriptFontFamilies('Team 🇯🇵 1️⃣')).toEqual(['Noto Emoji']);
    expect(scriptFontFamilies('東京 ❤')).toEqual([
      'Noto Sans JP',
      'Noto Sans SC',
      'Noto Sans TC',
      'Noto Emoji',
    ]);
  });

  it('takes Japanese for kana and Korean for hangul, Han with either following it', () => {
    expect(scriptFontFamilies('株式会社トヨタ自動車')).toEqual(['Noto Sans JP']);
    expect(scriptFontFamilies('삼성전자 三星')).toEqual(['Noto Sans KR']);
  });

  it('takes the Japanese and both Chinese families for Han without kana or hangul', () => {
    expect(scriptFontFamilies('北京华为技术有限公司')).toEqual([
      'Noto Sans JP',
      'Noto Sans SC',
      'Noto Sans TC',
    ]);
  });

  it('names each other script it meets, in a mixed text too', () => {
    expect(scriptFontFamilies('شركة النور للتجارة')).toEqual(['Noto Sans Arabic']);
    expect(scriptFontFamilies('Acme · אלביט מערכות · टाटा · ไทยพาณิชย์')).toEqual([
      'Noto Sans Hebrew',
      'Noto Sans Devanagari',
      'Noto Sans Thai',
    ]);
  });
});

describe('loadScriptFonts', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  function watch() {
    const load = vi.fn<(family: ScriptFontFamily) => Promise<unknown>>(() => Promise.resolve());
    stop = loadScriptFonts(document.body, load);
    return load;
  }

  function show(text: string) {
    const paragraph = document.createElement('p');
    paragraph.textContent = text;
    document.body.append(paragraph);
    return paragraph;
  }

  it('loads a family for text already on the page', () => {
    show('شركة النور للتجارة');
    expect(watch().mock.calls).toEqual([['Noto Sans Arabic']]);
  });

  it('loads a family once when text in its script appears, and none for Latin text', async () => {
    const load = watch();
    show('Northwind Pharmacies');
    show('株式会社トヨタ自動車');
    show('トヨタ');
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    // A later change that is seen proves the earlier ones were seen too.
    show('שלום');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(load.mock.calls).toEqual([['Noto Sans JP'], ['Noto Sans Hebrew']]);
  });

  it('reads each text on its own: a Japanese name beside a Chinese one needs both', async () => {
    const load = watch();
    const list = document.createElement('ul');
    list.innerHTML = '<li>株式会社トヨタ自動車</li><li>北京华为技术有限公司</li>';
    document.body.append(list);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(load.mock.calls.flat()).toEqual(['Noto Sans JP', 'Noto Sans SC', 'Noto Sans TC']);
  });

  it('sees text that changes in place and a name typed into a field', async () => {
    const load = watch();
    const paragraph = show('Acme');
    const field = document.createElement('input');
    document.body.append(field);
    paragraph.firstChild!.textContent = 'ไทยพาณิชย์';
    // Seen with the empty field beside it: what follows is typing, not a field shown filled.
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('Noto Sans Thai'));
    // As typing does in a browser: the value changes, the attribute does not (happy-dom's
    // value setter writes the attribute as well).
    Object.defineProperty(field, 'value', { value: 'शर्मा' });
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('Noto Sans Devanagari'));
  });

  it('sees a field filled before it is shown (a restored draft)', async () => {
    const load = watch();
    const form = document.createElement('form');
    const field = document.createElement('textarea');
    field.value = '삼성전자';
    form.append(field);
    document.body.append(form);
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('Noto Sans KR'));
  });

  it('stops watching once stopped', async () => {
    const load = watch();
    stop!();
    show('شركة النور');
    const field = document.createElement('input');
    document.body.append(field);
    field.value = 'トヨタ';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // A second watcher sees the same changes, so the first had its chance to see them.
    const second = vi.fn(() => Promise.resolve());
    const stopSecond = loadScriptFonts(document.body, second);
    show('שלום');
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith('Noto Sans Hebrew'));
    stopSecond();
    expect(load).not.toHaveBeenCalled();
  });
});
