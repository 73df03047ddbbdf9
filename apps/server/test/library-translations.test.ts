import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  LibraryTranslationImportResponse,
  LibraryTranslationLanguagesResponse,
  LibraryTranslationTextsResponse,
} from '@deck-portal/domain';
import { auditLog, libraryVersions } from '../src/db/schema.ts';
import { translationTextId } from '../src/library/library-translation-files.ts';
import { useLibraryEditors, type Who } from './helpers/library-editors.ts';

// The library's languages (issue 50): the studio's side-by-side texts, saving them against a
// revision, publishing them with the library, and a translator's XLIFF and CSV files out and in.
// French is used throughout: the seeded library carries no French, so its counts start at none.
const { world, cookies, call, draft } = useLibraryEditors();

async function languages(): Promise<LibraryTranslationLanguagesResponse> {
  const response = await call('editor', 'GET', '/api/library/translations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function texts(language: string, query = ''): Promise<LibraryTranslationTextsResponse> {
  const response = await call('editor', 'GET', `/api/library/translations/${language}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const save = (who: Who, language: string, revision: number, entries: Record<string, string>) =>
  call(who, 'PUT', `/api/library/translations/${language}`, { revision, entries });

const exported = (language: string, query: string) =>
  call('editor', 'GET', `/api/library/translations/${language}/export?${query}`);

function upload(who: Who, language: string, body: string | Buffer, type: string) {
  return world.t.app.inject({
    method: 'POST',
    url: `/api/library/translations/${language}/import`,
    headers: {
      ...(who === 'anonymous' ? {} : { cookie: cookies[who] }),
      origin: 'http://portal.test',
      'content-type': type,
    },
    payload: body,
  });
}

const imported = async (language: string, body: string, type: string) => {
  const response = await upload('editor', language, body, type);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LibraryTranslationImportResponse;
};

/** A slide's first text with a binding, and its first without. */
async function slideTexts(slide: string) {
  const { texts: own } = await texts('fr', `?slide=${slide}`);
  return {
    bound: own.find((text) => text.source.includes('{{')),
    plain: own.find((text) => !text.source.includes('{{'))!,
  };
}

describe('who may translate the library', () => {
  it('lets content editors and admins in, and no one else', async () => {
    const expected: Record<Who, number> = {
      anonymous: 401,
      rep: 403,
      otherRep: 403,
      manager: 403,
      editor: 200,
      admin: 200,
    };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      expect((await call(who, 'GET', '/api/library/translations')).statusCode, who).toBe(status);
      expect((await call(who, 'GET', '/api/library/translations/fr')).statusCode, who).toBe(status);
      const file = await call(who, 'GET', '/api/library/translations/fr/export?format=csv');
      expect(file.statusCode, who).toBe(status);
    }
    const { plain } = await slideTexts('about-us');
    expect((await save('rep', 'fr', 0, { [plain.source]: 'Pirate' })).statusCode).toBe(403);
    const csv = `id,source,target\n${plain.id},x,Pirate\n`;
    expect((await upload('rep', 'fr', csv, 'text/csv')).statusCode).toBe(403);
    expect((await upload('anonymous', 'fr', csv, 'text/csv')).statusCode).toBe(401);
    expect((await texts('fr')).language.translated).toBe(0);
  });

  it('names the language it does not know, and the library’s own', async () => {
    const unknown = await call('editor', 'GET', '/api/library/translations/zz');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Unknown language "zz"');
    const english = await call('editor', 'GET', '/api/library/translations/en');
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toContain('The library is written in English');
  });
});

describe('translating in the studio', () => {
  it('counts every language against the draft’s texts, and each slide’s', async () => {
    const listed = await languages();
    expect(listed.sourceLanguage).toBe('en');
    expect(listed.textCount).toBeGreaterThan(50);
    expect(listed.languages.map((language) => language.language)).not.toContain('en');
    expect(listed.languages.find((language) => language.language === 'fr')).toEqual({
      language: 'fr',
      name: 'French',
      nativeName: 'Français',
      direction: 'ltr',
      translated: 0,
      missing: listed.textCount,
      revision: 0,
    });
    const all = await texts('fr');
    expect(all.texts).toHaveLength(listed.textCount);
    const title = all.documents.find((document) => document.id === 'title')!;
    expect(title).toMatchObject({ kind: 'slide', title: expect.any(String) });
    expect(title.missing).toBe(title.total);
    expect((await texts('fr', '?slide=title')).texts).toHaveLength(title.total);
    const none = await call('editor', 'GET', '/api/library/translations/fr?slide=no-such');
    expect(none.statusCode).toBe(404);
  });

  it('saves translations against the revision, refusing a stale one and a lost binding', async () => {
    const { bound, plain } = await slideTexts('title');
    expect(bound, 'the title slide has a text with a binding').toBeDefined();
    const saved = await save('editor', 'fr', 0, {
      [plain.source]: `FR ${plain.source}`,
      [bound!.source]: `FR ${bound!.source}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'fr', translated: 2, revision: 1 });

    const stale = await save('admin', 'fr', 0, { [plain.source]: 'Someone else' });
    expect(stale.statusCode).toBe(409);

    const lost = await save('editor', 'fr', 1, { [bound!.source]: 'Sans liaison' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().error.message).toMatch(/must keep its bindings \{\{.*\}\} \(it has none\)/);
    const unknown = await save('editor', 'fr', 1, { 'Never in the library': 'Jamais' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('“Never in the library” is not a text');

    const shown = await texts('fr', '?slide=title');
    expect(shown.texts.find((text) => text.source === plain.source)).toMatchObject({
      target: `FR ${plain.source}`,
      missing: false,
    });
    expect(shown.documents.find((document) => document.id === 'title')!.missing).toBe(
      shown.texts.length - 2,
    );
    // An empty translation removes it.
    const removed = await save('editor', 'fr', 1, { [bound!.source]: '' });
    expect(removed.json()).toMatchObject({ translated: 1, revision: 2 });
    const [audit] = await world.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'library.translations_saved'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit?.newValue).toBe('fr revision 2: 1 saved in the studio');
  });

  it('publishes them with the library, and a draft opened from that version has them', async () => {
    const { plain } = await slideTexts('title');
    expect((await draft()).changes).toContain('Changed the French translations');
    const published = await call('editor', 'POST', '/api/library/publish', {
      note: 'French title',
      reason: 'Checked',
    });
    expect(published.statusCode, published.body).toBe(201);
    const [version] = await world.t.database.db
      .select()
      .from(libraryVersions)
      .orderBy(desc(libraryVersions.number))
      .limit(1);
    expect(version!.documents.translations?.fr).toEqual({
      [plain.source]: `FR ${plain.source}`,
    });
    expect((await draft()).changes).toEqual([]);
    // Discarding starts the draft again from the version: the translations come with it.
    expect((await call('editor', 'POST', '/api/library/discard')).statusCode).toBe(200);
    const again = await texts('fr', '?slide=title');
    expect(again.language.translated).toBe(1);
    expect(again.language.revision).toBeGreaterThan(0);
  });
});

describe('translation files', () => {
  it('exports XLIFF 1.2, XLIFF 2.0 and CSV with every text, its id stable', async () => {
    const all = await texts('fr');
    const [first] = all.texts;
    const v12 = await exported('fr', 'format=xliff');
    expect(v12.statusCode).toBe(200);
    expect(v12.headers['content-type']).toBe('application/xliff+xml; charset=utf-8');
    expect(v12.headers['content-disposition']).toBe('attachment; filename="library-fr.xlf"');
    expect(v12.body).toContain('<xliff version="1.2"');
    expect(v12.body).toContain('target-language="fr"');
    expect(v12.body.match(/<trans-unit /g)).toHaveLength(all.texts.length);
    expect(v12.body).toContain(`<trans-unit id="${first!.id}"`);

    const v20 = await exported('fr', 'format=xliff&version=2.0');
    expect(v20.body).toContain('<xliff version="2.0"');
    expect(v20.body.match(/<unit /g)).toHaveLength(all.texts.length);

    const csv = await exported('fr', 'format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="library-fr.csv"');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.split('\r\n')[0]).toBe('\ufeffid,source,target');
    expect((await exported('fr', 'format=xliff')).body).toBe(v12.body);
    expect((await exported('fr', 'format=pdf')).statusCode).toBe(400);
  });

  it('takes a CSV back: translated rows in, others left as they were', async () => {
    const before = await texts('fr', '?slide=about-us');
    const file = (await exported('fr', 'format=csv')).body;
    const ids = new Set(before.texts.map((text) => text.id));
    // A translator fills in the about-us slide's rows, in a spreadsheet that quotes every field.
    const rows = file
      .slice(1)
      .split('\r\n')
      .filter((line) => [...ids].some((id) => line.startsWith(`${id},`)));
    expect(rows.length).toBeGreaterThan(0);
    const filled = before.texts
      .map(
        (text) =>
          `"${text.id}","${text.source.replace(/"/g, '""')}","${`« ${text.source} »`.replace(/"/g, '""')}"`,
      )
      .join('\r\n');
    const result = await imported('fr', `id,source,target\r\n${filled}\r\n`, 'text/csv');
    expect(result).toMatchObject({
      applied: before.texts.length,
      unchanged: 0,
      skipped: [],
      refused: [],
    });
    const after = await texts('fr', '?slide=about-us');
    expect(after.texts.every((text) => text.target === `« ${text.source} »`)).toBe(true);
    expect(after.documents.find((document) => document.id === 'about-us')!.missing).toBe(0);
    // The same file again changes nothing.
    const again = await imported(
      'fr',
      `\ufeffid,source,target\r\n${filled}\r\n`,
      'application/vnd.ms-excel',
    );
    expect(again).toMatchObject({ applied: 0, unchanged: before.texts.length });
    expect(again.language.revision).toBe(after.language.revision);
  });

  it('takes XLIFF 1.2 and 2.0 back, matching entries by id', async () => {
    for (const [version, slide, target] of [
      ['1.2', 'thank-you', 'Merci'],
      ['2.0', 'next-steps', 'Étapes suivantes'],
    ] as const) {
      const { plain } = await slideTexts(slide);
      const file = (await exported('fr', `format=xliff&version=${version}`)).body;
      const unit = version === '1.2' ? 'trans-unit' : 'unit';
      // The translator's tool writes a target into the (untranslated) unit of that id.
      const start = file.indexOf(`<${unit} id="${plain.id}"`);
      const end = file.indexOf('</source>', start) + '</source>'.length;
      const edited = `${file.slice(0, end)}<target>${target}</target>${file.slice(end)}`;
      const result = await imported('fr', edited, 'application/xliff+xml');
      expect(result.applied, version).toBe(1);
      expect(result.unchanged, version).toBe((await texts('fr')).texts.length - 1);
      const shown = (await texts('fr', `?slide=${slide}`)).texts;
      expect(shown.find((text) => text.id === plain.id)!.target, version).toBe(target);
    }
  });

  it('reports unknown ids and texts no longer in the library, and refuses a lost binding', async () => {
    const { bound, plain } = await slideTexts('title');
    const revision = (await texts('fr')).language.revision;
    const csv = [
      'id,source,target',
      `t0000000000000000,Made up,Inventé`,
      `${translationTextId('A text the library dropped')},A text the library dropped,Abandonné`,
      `,Another one it dropped,Un autre`,
      `${bound!.id},"${bound!.source.replace(/"/g, '""')}",Liaison perdue`,
      `${plain.id},"${plain.source.replace(/"/g, '""')}",Titre`,
    ].join('\n');
    const result = await imported('fr', csv, 'text/csv');
    expect(result.applied).toBe(1);
    expect(result.skipped).toEqual([
      {
        id: 't0000000000000000',
        source: 'Made up',
        message: 'The library has no text with the id “t0000000000000000”.',
      },
      {
        id: translationTextId('A text the library dropped'),
        source: 'A text the library dropped',
        message: 'The library no longer has this text.',
      },
      { id: '', source: 'Another one it dropped', message: 'The library no longer has this text.' },
    ]);
    expect(result.refused).toEqual([
      {
        id: bound!.id,
        source: bound!.source,
        message: expect.stringMatching(/must keep its bindings \{\{.*\}\} \(it has none\)/),
      },
    ]);
    expect(result.language.revision).toBe(revision + 1);
  });

  it('changes nothing on a file it cannot read, saying why', async () => {
    const before = await texts('fr');
    const { plain } = await slideTexts('title');
    const cases: [string, string | Buffer, string, RegExp][] = [
      [
        'broken XML',
        '<xliff version="1.2"><file><body><trans-unit id="x">',
        'application/xliff+xml',
        /not well-formed XML/,
      ],
      [
        'an unclosed quote',
        `id,source,target\n${plain.id},"Hello,Bonjour\n`,
        'text/csv',
        /quoted field is never closed/,
      ],
      [
        'another language',
        '<xliff version="2.0" srcLang="en" trgLang="ja"><file id="f"/></xliff>',
        'application/xml',
        /translation into Japanese \(ja\), not French/,
      ],
      [
        'not UTF-8',
        Buffer.from([0x69, 0x64, 0x2c, 0xff, 0xfe, 0x41, 0x0a]),
        'text/csv',
        /not UTF-8/,
      ],
      ['an empty file', '\ufeff', 'text/csv', /it is empty/],
    ];
    for (const [what, body, type, message] of cases) {
      const response = await upload('editor', 'fr', body, type);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.message, what).toMatch(message);
    }
    const image = await upload('editor', 'fr', Buffer.from('GIF89a'), 'image/gif');
    expect(image.statusCode).toBe(415);
    const after = await texts('fr');
    expect(after.language).toEqual(before.language);
  });
});
