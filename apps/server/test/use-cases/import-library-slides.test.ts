import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDeck } from '@deck-portal/deck-engine';
import { importSlidesRequestSchema, type LibraryImportResponse } from '@deck-portal/domain';
import type { User } from '../../src/auth/sessions.ts';
import { auditLog, libraryDraft, libraryImports } from '../../src/db/schema.ts';
import {
  getLibraryImport,
  importLibrarySlides,
  startLibraryImport,
} from '../../src/library/library-imports.ts';
import type { LocalFile } from '../../src/storage/local-file.ts';
import { importFixtureChoice, importFixtureDraft } from '../helpers/import-fixture.ts';
import { createUseCaseWorld, type UseCaseWorld } from './use-case-world.ts';

// Importing a PowerPoint into the library, below HTTP: the file is taken, a job reads it, and
// the chosen slides go into the library draft. HTTP's side (the upload's size limit and
// content types, who may import, the thumbnails' routes) is library-import.test.ts's.

let w: UseCaseWorld;
let editor: User;
let folder: string;
/** A real PowerPoint file: a deck our engine wrote, whose title slide reads `{{Client Name}}`. */
let pptx: LocalFile;

beforeAll(async () => {
  w = await createUseCaseWorld();
  editor = await w.member('content_editor', 'Cora Content');
  folder = await mkdtemp(path.join(os.tmpdir(), 'use-case-import-'));
  pptx = await localFile('company.pptx', (await generateDeck(importFixtureDraft)).pptx);
}, 120_000);

afterAll(async () => {
  await w.close();
  await rm(folder, { recursive: true, force: true });
});

async function localFile(name: string, bytes: Uint8Array): Promise<LocalFile> {
  const file = path.join(folder, name);
  await writeFile(file, bytes);
  return { path: file, size: bytes.byteLength };
}

/** The import once its job has read the file. */
async function settled(id: string): Promise<LibraryImportResponse> {
  for (let i = 0; i < 600; i += 1) {
    const answer = await getLibraryImport(w.services, id, editor);
    if (answer.state !== 'reading') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import never finished');
}

describe('importing a PowerPoint into the library', { timeout: 60_000 }, () => {
  it('reads the file on a job and offers each slide with its fields', async () => {
    const started = await startLibraryImport(w.services, {
      actor: editor,
      fileName: 'Company deck.pptx',
      file: pptx,
    });
    expect(started).toMatchObject({ state: 'reading', fileName: 'Company deck.pptx' });
    const [row] = await w.services.db
      .select()
      .from(libraryImports)
      .where(eq(libraryImports.id, started.id));
    expect(row).toMatchObject({ createdBy: editor.id, byteSize: pptx.size });

    const ready = await settled(started.id);
    expect(ready.state, ready.error ?? '').toBe('ready');
    expect(ready.candidates.map((candidate) => candidate.number)).toEqual([1, 2, 3]);
    expect(ready.candidates[0]!.fields).toContainEqual({
      text: '{{Client Name}}',
      label: 'Client Name',
      suggestion: 'client.name',
    });
  });

  it('puts the chosen slides into the library draft, fields bound as chosen', async () => {
    const { id } = await startLibraryImport(w.services, {
      actor: editor,
      fileName: 'Company deck.pptx',
      file: pptx,
    });
    expect((await settled(id)).state).toBe('ready');
    const request = importSlidesRequestSchema.parse(importFixtureChoice);
    const imported = await importLibrarySlides(w.services, { actor: editor, id, request });
    expect(imported).toEqual({ created: ['our-cover', 'who-we-are'], replaced: [] });

    const [cover] = await w.services.db
      .select()
      .from(libraryDraft)
      .where(eq(libraryDraft.documentId, 'our-cover'));
    expect(cover).toMatchObject({ kind: 'slide', revision: 1, updatedBy: editor.id });
    expect(cover!.document).toMatchObject({ title: 'Our cover', category: 'intro' });
    const texts = JSON.stringify(cover!.document);
    expect(texts).toContain('{{client.name}}');
    expect(texts).not.toContain('Client Name');
    const [who] = await w.services.db
      .select({ position: libraryDraft.position })
      .from(libraryDraft)
      .where(eq(libraryDraft.documentId, 'who-we-are'));
    expect(who!.position).toBe(cover!.position + 1);
    const audit = await w.services.db
      .select({ newValue: auditLog.newValue })
      .from(auditLog)
      .where(eq(auditLog.action, 'library.slides_imported'));
    expect(audit).toEqual([{ newValue: 'our-cover, who-we-are' }]);
  });

  it('refuses a choice the file does not have, and changes nothing', async () => {
    const { id } = await startLibraryImport(w.services, {
      actor: editor,
      fileName: 'Company deck.pptx',
      file: pptx,
    });
    await settled(id);
    const before = await w.services.db.select().from(libraryDraft);
    const request = importSlidesRequestSchema.parse({
      slides: [{ number: 9, title: 'Nine', category: 'intro' }],
    });
    await expect(
      importLibrarySlides(w.services, { actor: editor, id, request }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { 'slides.0.number': 'This file has no slide 9.' },
    });
    expect(await w.services.db.select().from(libraryDraft)).toHaveLength(before.length);
  });

  it('refuses a file that is not a PowerPoint presentation, storing nothing', async () => {
    const before = await w.services.db.select({ id: libraryImports.id }).from(libraryImports);
    const notPptx = await localFile('not.pptx', Buffer.from('%PDF-1.7 not a presentation'));
    await expect(
      startLibraryImport(w.services, { actor: editor, fileName: 'not.pptx', file: notPptx }),
    ).rejects.toMatchObject({
      statusCode: 415,
      message: 'This file is not a PowerPoint presentation (.pptx).',
    });
    expect(await w.services.db.select({ id: libraryImports.id }).from(libraryImports)).toEqual(
      before,
    );
  });
});
