// The editable link's figures (issue 49), through the real server in this process: the app as
// `npm start` builds it (PGlite in a data directory, the local file store, the deck engine's
// worker pool, jobs in process), a rep's 20-slide priced deck made from the seeded library.
// 1. Opening the editor: the first `GET /api/decks/:id/editor` reads the version's file back;
//    against the library importer reading the same file (`POST /api/library/imports`).
// 2. Each change previews: `POST …/editor/preview` of one slide with a changed word; against the
//    content editor's preview (`POST /api/library/preview`) of the same slide.
// 3. Save → the new version ready: `PUT …/editor` then `POST …/editor/versions` until the
//    generation is completed; against Modify → Generate (`POST /api/decks/:id/versions`).
// 4. An edited PowerPoint file brought back: the deck's own file with one word changed,
//    `POST …/edited-files`, read, then `POST …/:fileId/versions {figures:'quote'}` until the
//    generation is completed; against the library importer reading the same file.
// Prints one JSON line for bench/run.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os, { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { InjectOptions } from 'fastify';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import {
  elementWords,
  showsQuoteFigures,
  type DeckDraftInput,
  type DeckEditor,
  type EditedDeck,
  type EditedFile,
  type TemplateElement,
} from '@deck-portal/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';

const SLIDES = 20;
const OPENS = Number(process.env.BENCH_EDITOR_OPENS ?? 5);
const PREVIEWS = Number(process.env.BENCH_EDITOR_PREVIEWS ?? 30);
const SAVES = Number(process.env.BENCH_EDITOR_SAVES ?? 5);
const UPLOADS = Number(process.env.BENCH_EDITOR_UPLOADS ?? 5);
/** How often a waiting caller asks again: small beside the times measured. */
const POLL_MS = 20;

const loadAtStart = loadavg()[0]!;
const origin = 'http://localhost:3000';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-editor-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
// The library importer reads files with the engine only, as the edited file is read: an office
// suite drawing each original slide (OFFICE_RENDERER) would be in the baseline's time alone.
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: origin, DATA_DIR: dataDir, OFFICE_RENDERER: 'off' }),
  database,
  logger: false,
  deckRenderer: createDeckRenderer(),
});
await app.ready();

async function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  extra: Omit<InjectOptions, 'method' | 'url'> = {},
) {
  const res = await app.inject({
    method,
    url,
    ...extra,
    headers: { cookie, origin, ...(extra.headers ?? {}) },
  });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}
const json = (cookie: string, method: 'PUT' | 'POST', url: string, payload: object) =>
  call(method, url, cookie, { payload });

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}
const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/** The account signed up `index`-th: the first is the administrator, the others reps. */
async function account(index: number, name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { origin },
    payload: { email: `bench-${index}@bench.example`, name, password: 'a fine passphrase' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  const id = (res.json() as { user: { id: string } }).user.id;
  if (index > 0) {
    await app.services.db
      .update(users)
      .set({ status: 'approved', role: 'sales_rep', approvedAt: new Date() })
      .where(eq(users.id, id));
  }
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
const admin = await account(0, 'Bench Admin');
const rep = await account(1, 'Bench Rep');

/** When each stage of a generation was first seen, in ms from the request that queued it. */
type Stages = Record<string, number>;

/**
 * Until the deck's generation has made a version newer than `after`; answers its number. Notes
 * in `stages` when each stage was first seen, counted from `since`.
 */
async function versionReady(deckId: string, after: number, stages: Stages = {}, since = 0) {
  for (;;) {
    const state = (await call('GET', `/api/decks/${deckId}/generation`, rep)).json() as {
      status: string;
      progress: { stage: string } | null;
      version?: number;
      error?: string;
    };
    if (state.status === 'failed') throw new Error(`the version failed: ${state.error}`);
    const stage = state.status === 'generating' ? state.progress?.stage : undefined;
    if (stage && !(stage in stages)) stages[stage] = performance.now() - since;
    if (state.status === 'completed' && (state.version ?? 0) > after) return state.version!;
    await pause();
  }
}

// The deck: the library's slides in order, as many as make 20 slides with the pricing slides.
const library = (await call('GET', '/api/template-slides', rep)).json() as {
  slides: { id: string }[];
};
function draftOf(count: number, title = 'Cold Chain Upgrade'): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: title,
      clientName: 'Northwind Pharmacies',
      date: '2026-11-21',
      primaryContact: 'Dana Lee',
      mode: 'simple',
    },
    productSelection: {
      selectedProducts: [
        { id: 'battery_backup', quantity: 2, customPricing: 5995 },
        { id: 'data_logger', quantity: 12, customPricing: 29.99 },
      ],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: {
      selectedSlides: library.slides.slice(0, count).map((slide) => slide.id),
      customSlides: [],
    },
  };
}
async function newDeck(count: number) {
  const made = await call('POST', '/api/generate-slides', rep, {
    payload: draftOf(count),
    headers: { prefer: 'wait=120' },
  });
  const deckId = (made.json() as { presentationId: string }).presentationId;
  const slides = (await call('GET', `/api/decks/${deckId}/slides`, rep)).json() as {
    slides: unknown[];
  };
  return { deckId, slides: slides.slides.length };
}
// A first deck, to learn how many pricing slides the products add and to warm the server up.
const tried = Math.min(library.slides.length, SLIDES);
const warmUp = await newDeck(tried);
const librarySlides = SLIDES - (warmUp.slides - tried);
const { deckId, slides } = await newDeck(librarySlides);
if (slides !== SLIDES) throw new Error(`the deck has ${slides} slides, not ${SLIDES}`);

type TextElement = Extract<TemplateElement, { kind: 'text' }>;
/** Each slide's first text element that is the slide's own words (not the quote's figures). */
function freeTexts(edited: EditedDeck) {
  return edited.slides.flatMap((slide, s) => {
    const e = slide.document.elements.findIndex(
      (element) =>
        element.kind === 'text' &&
        /[A-Za-z]{3}/.test(elementWords(element)) &&
        !showsQuoteFigures(slide, element),
    );
    return e >= 0 ? [{ s, e }] : [];
  });
}
/** The deck with the first word of one text element replaced by `word`, its paragraphs kept. */
function withWord(edited: EditedDeck, { s, e }: { s: number; e: number }, word: string) {
  const copy = structuredClone(edited);
  const element = copy.slides[s]!.document.elements[e] as TextElement;
  const swap = (text: string) => text.replace(/[A-Za-z]+/, word);
  if (typeof element.text === 'string') {
    element.text = swap(element.text);
    return copy;
  }
  const at = element.text.findIndex((paragraph) => /[A-Za-z]/.test(paragraphText(paragraph)));
  const paragraph = element.text[at]!;
  if (typeof paragraph === 'string') element.text[at] = swap(paragraph);
  else if ('runs' in paragraph) {
    const run = paragraph.runs.find((r) => /[A-Za-z]/.test(r.text))!;
    run.text = swap(run.text);
  } else paragraph.text = swap(paragraph.text);
  return copy;
}
function paragraphText(paragraph: Exclude<TextElement['text'], string>[number]) {
  if (typeof paragraph === 'string') return paragraph;
  return 'runs' in paragraph ? paragraph.runs.map((run) => run.text).join('') : paragraph.text;
}

const openEditor = async (id: string) =>
  timed(async () => (await call('GET', `/api/decks/${id}/editor`, rep)).json() as DeckEditor);
const discardDraft = (id: string) => call('DELETE', `/api/decks/${id}/editor`, rep);

/** The library importer reading `bytes` (the baseline of reading a deck's file back). */
async function libraryImport(bytes: Uint8Array) {
  return timed(async () => {
    const started = await call('POST', '/api/library/imports', admin, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'x-file-name': encodeURIComponent('Northwind.pptx'),
      },
      payload: Buffer.from(bytes),
    });
    const id = (started.json() as { id: string }).id;
    for (;;) {
      const state = (await call('GET', `/api/library/imports/${id}`, admin)).json() as {
        state: string;
        error?: string | null;
      };
      if (state.state === 'failed') throw new Error(`the import failed: ${state.error}`);
      if (state.state !== 'reading') return state;
      await pause();
    }
  });
}
const pptxOf = async (id: string) =>
  new Uint8Array((await call('GET', `/api/decks/${id}/pptx`, rep)).rawPayload);

/** The file with the first word of five letters or more on its first slide changed to `word`. */
function withChangedWord(pptx: Uint8Array, word: string) {
  const parts = unzipSync(pptx);
  const name = 'ppt/slides/slide1.xml';
  const xml = strFromU8(parts[name]!);
  const changed = xml.replace(/(<a:t>[^<]*?)[A-Za-z]{5,}/, `$1${word}`);
  if (changed === xml) throw new Error('the first slide has no word to change');
  parts[name] = strToU8(changed);
  return zipSync(parts);
}

/** The edited file brought back and saved as the next version; answers the times of both. */
async function bringBack(id: string, bytes: Uint8Array, current: number) {
  const started = performance.now();
  const upload = await call(
    'POST',
    `/api/decks/${id}/edited-files?name=${encodeURIComponent('Northwind edited.pptx')}`,
    rep,
    {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      },
      payload: Buffer.from(bytes),
    },
  );
  const fileId = (upload.json() as { id: string }).id;
  let file: EditedFile;
  for (;;) {
    file = (await call('GET', `/api/decks/${id}/edited-files/${fileId}`, rep)).json();
    if (file.state === 'failed') throw new Error(`the file was refused: ${file.error}`);
    if (file.state === 'ready') break;
    await pause();
  }
  if (!file.changes.some((change) => change.kind === 'changed'))
    throw new Error('the file brought back shows no changed slide');
  const readMs = performance.now() - started;
  await json(rep, 'POST', `/api/decks/${id}/edited-files/${fileId}/versions`, {
    figures: 'quote',
  });
  const version = await versionReady(id, current);
  return { readMs, totalMs: performance.now() - started, version };
}

/** One word changed online and saved as the next version; answers the version made. */
async function saveOnline(id: string, opened: DeckEditor, n: number, stages?: Stages) {
  const since = performance.now();
  const texts = freeTexts(opened.edited);
  const edited = withWord(opened.edited, texts[n % texts.length]!, `Saved${n}`);
  const saved = await json(rep, 'PUT', `/api/decks/${id}/editor`, {
    revision: opened.revision,
    edited,
  });
  await json(rep, 'POST', `/api/decks/${id}/editor/versions`, {
    revision: (saved.json() as { revision: number }).revision,
  });
  return versionReady(id, opened.currentVersion, stages, since);
}

/** Modify → Generate with the deck's title changed; answers the version made. */
async function modify(id: string, current: number, n: number, stages?: Stages) {
  const since = performance.now();
  await json(rep, 'POST', `/api/decks/${id}/versions`, draftOf(librarySlides, `Cold Chain ${n}`));
  return versionReady(id, current, stages, since);
}

// Warm-up on the first deck: each path once, not counted (the process's first of each loads
// code and fonts in the server and in the worker).
const firstOpen = await openEditor(warmUp.deckId);
await timed(() =>
  call('POST', `/api/decks/${warmUp.deckId}/editor/preview`, rep, {
    payload: { slide: firstOpen.value.edited.slides[0]! },
  }),
);
let warmVersion = await saveOnline(warmUp.deckId, firstOpen.value, 0);
warmVersion = await modify(warmUp.deckId, warmVersion, 0);
const warmFile = await pptxOf(warmUp.deckId);
await libraryImport(warmFile);
await bringBack(warmUp.deckId, withChangedWord(warmFile, 'Warmed'), warmVersion);
console.error('warmed up; the first opening in the process took', Math.round(firstOpen.ms), 'ms');

// 1. Opening: the deck's first, then after the draft is discarded (the file is read back again),
// each beside the library importer reading the same file; and reopening a kept draft.
const opens: number[] = [];
const reopens: number[] = [];
const imports: number[] = [];
const versionFile = await pptxOf(deckId);
let opened = await openEditor(deckId);
opens.push(opened.ms);
for (let i = 0; i < OPENS; i += 1) {
  reopens.push((await openEditor(deckId)).ms);
  imports.push((await libraryImport(versionFile)).ms);
  if (i < OPENS - 1) {
    await discardDraft(deckId);
    opened = await openEditor(deckId);
    opens.push(opened.ms);
  }
}
console.error('opened', { opens, reopens, imports });

// 2. Each change previewed, beside the content editor's preview of the same slide document.
const previews: number[] = [];
const libraryPreviews: number[] = [];
let libraryPreviewRefused: string | undefined;
const texts = freeTexts(opened.value.edited);
for (let i = 0; i < PREVIEWS; i += 1) {
  const at = texts[i % texts.length]!;
  const slide = withWord(opened.value.edited, at, `Change${i}`).slides[at.s]!;
  const preview = await timed(() =>
    call('POST', `/api/decks/${deckId}/editor/preview`, rep, { payload: { slide } }),
  );
  if (!(preview.value.json() as { svg: string }).svg.includes(`Change${i}`))
    throw new Error('the preview does not show the changed word');
  previews.push(preview.ms);
  if (libraryPreviewRefused) continue;
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/library/preview',
    headers: { cookie: admin, origin },
    payload: { kind: 'slide', document: slide.document },
  });
  if (res.statusCode === 200) libraryPreviews.push(performance.now() - started);
  else libraryPreviewRefused = `${res.statusCode}: ${res.body.slice(0, 200)}`;
}
console.error('previews', { previews, libraryPreviews, libraryPreviewRefused });

// 3. Save → the new version ready, in turn with Modify → Generate of the same deck.
// The editor opened after each Modify → Generate reads that version's file back: one more
// opening.
const saves: number[] = [];
const modifies: number[] = [];
const saveStages: Stages[] = [];
const modifyStages: Stages[] = [];
let current = opened.value.currentVersion;
for (let i = 1; i <= SAVES; i += 1) {
  const before = await openEditor(deckId);
  if (i > 1) opens.push(before.ms);
  const stages: Stages = {};
  const save = await timed(() => saveOnline(deckId, before.value, i, stages));
  saves.push(save.ms);
  saveStages.push(stages);
  const modified: Stages = {};
  const again = await timed(() => modify(deckId, save.value, i, modified));
  modifies.push(again.ms);
  modifyStages.push(modified);
  current = again.value;
}
console.error('saves', { saves, modifies, saveStages, modifyStages });

// 4. The deck's own file with one word changed, brought back as the next version, beside the
// library importer reading the same file.
const uploads: { readMs: number; totalMs: number }[] = [];
const uploadImports: number[] = [];
for (let i = 1; i <= UPLOADS; i += 1) {
  const bytes = withChangedWord(await pptxOf(deckId), `Uploaded${i}`);
  const back = await bringBack(deckId, bytes, current);
  uploads.push(back);
  current = back.version;
  uploadImports.push((await libraryImport(bytes)).ms);
}
console.error('uploads', { uploads, uploadImports });

await app.close();
await rm(dataDir, { recursive: true, force: true });

const at = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
const whole = (value: number) => Math.round(value);
/** Each stage's median time first seen (of the runs it was seen in, a short one may not be). */
const stageMedians = (runs: Stages[]) =>
  Object.fromEntries(
    [...new Set(runs.flatMap((run) => Object.keys(run)))]
      .map((stage) => {
        const seen = runs.flatMap((run) => (stage in run ? [run[stage]!] : []));
        return [stage, { median: whole(at(seen, 0.5)), seen: seen.length }] as const;
      })
      .sort((a, b) => a[1].median - b[1].median),
  );
const summary = (values: number[]) => ({
  n: values.length,
  median: whole(at(values, 0.5)),
  p95: whole(at(values, 0.95)),
  max: whole(Math.max(...values)),
});
console.log(
  JSON.stringify({
    load: { start: Math.round(loadAtStart * 10) / 10, end: Math.round(loadavg()[0]! * 10) / 10 },
    // The pool as `npm start` makes it: a thread fewer than the cores, at least one.
    renderThreads: Math.max(1, availableParallelism() - 1),
    slides,
    librarySlides,
    pricingSlides: slides - librarySlides,
    firstOpenInProcess: whole(firstOpen.ms),
    open: summary(opens),
    reopen: summary(reopens),
    openImport: summary(imports),
    preview: summary(previews),
    libraryPreview: libraryPreviews.length ? summary(libraryPreviews) : null,
    libraryPreviewRefused: libraryPreviewRefused ?? null,
    save: summary(saves),
    modify: summary(modifies),
    saveStages: stageMedians(saveStages),
    modifyStages: stageMedians(modifyStages),
    upload: summary(uploads.map((u) => u.totalMs)),
    uploadRead: summary(uploads.map((u) => u.readMs)),
    uploadImport: summary(uploadImports),
  }),
);
