import { describe, expect, it } from 'vitest';
import {
  readTranslationFile,
  translationTextId,
  writeTranslationsCsv,
  writeXliff,
  type TranslationFileEntry,
} from './library-translation-files.ts';

const entries: TranslationFileEntry[] = [
  {
    id: translationTextId('Prepared for {{client.name}}'),
    source: 'Prepared for {{client.name}}',
    target: '{{client.name}} 様向けご提案',
  },
  // Commas, quotes, a line break and markup characters: what CSV quoting and XML escaping are for.
  {
    id: translationTextId('Fast, "reliable" <power>\n& more'),
    source: 'Fast, "reliable" <power>\n& more',
    target: '',
  },
];

describe('translation files', () => {
  it('names a text by its source, the same in every export', () => {
    expect(translationTextId('Our team')).toBe(translationTextId('Our team'));
    expect(translationTextId('Our team')).not.toBe(translationTextId('Our team.'));
    expect(translationTextId('Our team')).toMatch(/^t[0-9a-f]{16}$/);
  });

  it('reads back what it writes: XLIFF 1.2, XLIFF 2.0 and CSV', () => {
    for (const version of ['1.2', '2.0'] as const) {
      const xliff = writeXliff({ sourceLanguage: 'en', targetLanguage: 'ja', version, entries });
      expect(xliff).toContain(`version="${version}"`);
      expect(readTranslationFile(xliff, 'ja')).toEqual({
        format: 'xliff',
        entries: entries.map(({ id, source, target }) => ({ id, source, target })),
        unreadable: [],
      });
    }
    const csv = writeTranslationsCsv(entries);
    expect(csv.startsWith('\ufeffid,source,target\r\n')).toBe(true);
    expect(csv).toContain('"Fast, ""reliable"" <power>\n& more"');
    expect(readTranslationFile(csv, 'ja')).toEqual({ format: 'csv', entries, unreadable: [] });
  });

  it('reads CSV as spreadsheets save it: columns in any order, a blank last line, LF ends', () => {
    const csv =
      'target,id,note,source\n"Bonjour, {{client.name}}",t1,greeting,"Hello, {{client.name}}"\n\n';
    expect(readTranslationFile(csv, 'fr').entries).toEqual([
      { id: 't1', source: 'Hello, {{client.name}}', target: 'Bonjour, {{client.name}}' },
    ]);
  });

  it('refuses a file it cannot read whole, saying where', () => {
    const refused = (text: string, language = 'ja') => {
      try {
        readTranslationFile(text, language);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('read');
    };
    expect(refused('id,source,target\nt1,"Hello,target\n')).toMatch(
      /line 2: a quoted field is never closed/,
    );
    expect(refused('id,source,target\nt1,He said "hi",x\n')).toMatch(
      /line 2: a quote inside a field/,
    );
    expect(refused('id,source,target\nt1,Hello\n')).toMatch(
      /line 2 has 2 fields where the first line names 3/,
    );
    expect(refused('id;source;target\nt1;Hello;Hallo\n')).toMatch(/not separated by commas/);
    expect(refused('key,text\nt1,Hello\n')).toMatch(/columns id, source and target/);
    expect(
      refused('<xliff version="1.2"><file><body><trans-unit id="a"><source>x</trans-unit>'),
    ).toMatch(/not well-formed XML \(line 1/);
    expect(refused('<!DOCTYPE x [<!ENTITY e "e">]><xliff version="1.2"/>')).toMatch(/DOCTYPE/);
    expect(refused('<html><body/></html>')).toMatch(/not XLIFF/);
    expect(refused('<xliff version="3.0"/>')).toMatch(/version “3.0”/);
    const arabic = writeXliff({
      sourceLanguage: 'en',
      targetLanguage: 'ar-AE',
      version: '2.0',
      entries,
    });
    expect(refused(arabic)).toBe(
      'This file is a translation into Arabic (ar-AE), not Japanese: import it there.',
    );
    expect(refused('  \n')).toMatch(/it is empty/);
  });

  it('sets aside an entry with inline markup, keeping the others', () => {
    const xliff = `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="ja-JP"><body><group>
    <trans-unit id="a"><source>Hi {{client.name}}</source><target>こんにちは <ph id="1">{{client.name}}</ph></target></trans-unit>
    <trans-unit id="b"><source>Our team</source><target>私たちのチーム</target></trans-unit>
  </group></body></file>
</xliff>`;
    const read = readTranslationFile(xliff, 'ja');
    expect(read.entries).toEqual([{ id: 'b', source: 'Our team', target: '私たちのチーム' }]);
    expect(read.unreadable).toMatchObject([
      { id: 'a', message: expect.stringMatching(/inline markup/) },
    ]);
  });
});
