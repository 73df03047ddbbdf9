import type { FastifyBaseLogger } from 'fastify';
import { checkPicture, type DeckRenderer } from '@deck-portal/deck-engine/library';
import { createDeckRenderer, type DeckRendererOptions } from '@deck-portal/deck-engine/pool';
import { createThrottle, throttleRules } from './auth/throttle.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createFileStore } from './decks/file-store.ts';
import {
  createMailer,
  createOutboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './mail/mailer.ts';
import type { Services, ServicesDeckRenderer } from './services.ts';
import { createObjectStore } from './storage/create-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { libraryVersionReader } from './library/library-versions.ts';
import type { PictureDecoder } from './uploads/normalise-picture.ts';

export type ServiceDeps = {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Mail printed for a person at a terminal rather than as JSON. */
  isPretty: boolean;
  clock?: Clock | undefined;
  mailTransport?: MailTransport | undefined;
  deckRenderer?: ServicesDeckRenderer | undefined;
  /** Where uploaded pictures are decoded; this process when absent. */
  pictureDecoder?: PictureDecoder | undefined;
  objectStore?: ObjectStore | undefined;
};

/** What the use cases need, for a web process (app.ts) and a worker process (worker.ts) alike. */
export function buildServices(deps: ServiceDeps): Services {
  const { config, log } = deps;
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const transport =
    deps.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom })
      : createOutboxTransport(log, { isPretty: deps.isPretty }));
  const objects = deps.objectStore ?? createObjectStore(config.storage);
  const readLibrary = libraryVersionReader();
  return {
    db,
    listen: deps.database.listen,
    clock,
    config,
    log,
    mailer: createMailer({ db, transport, clock, log, objects }),
    throttle: createThrottle({ db, clock }),
    throttleRules: throttleRules(config.ipAttemptLimit, config.mailLimitPerHour),
    deckRenderer: deps.deckRenderer ?? lazyDeckRenderer({ niceness: config.backgroundNice }),
    pictureDecoder: deps.pictureDecoder ?? pictureDecoderHere,
    objects,
    fileStore: createFileStore(objects),
    currentLibrary: () => readLibrary(db),
  };
}

/**
 * Pictures decoded in this process, the decoder (and its picture library) loaded with the first:
 * a process given a render process's decoder never loads it.
 */
const pictureDecoderHere: PictureDecoder = {
  normalisePicture: async (sent, kind) =>
    (await import('./uploads/normalise-picture.ts')).decodePicturesHere.normalisePicture(
      sent,
      kind,
    ),
};

/** The worker pool starts with the first generation, so a process that renders nothing pays nothing. */
function lazyDeckRenderer(poolOptions: DeckRendererOptions): DeckRenderer {
  let renderer: DeckRenderer | undefined;
  return {
    generate: (draft, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).generate(draft, options),
    importPresentation: (bytes, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).importPresentation(bytes, options),
    generateEdited: (edited, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).generateEdited(edited, options),
    readEdited: (pptx, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).readEdited(pptx, options),
    previewEditedSlide: (slide, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).previewEditedSlide(slide, options),
    acceptedPdf: (deckPdf, certificate, options) =>
      (renderer ??= createDeckRenderer(poolOptions)).acceptedPdf(deckPdf, certificate, options),
    // A check fetches on this thread: it needs no pool.
    checkPicture: (url) => checkPicture(url),
    get pending() {
      return renderer?.pending ?? 0;
    },
    close: async () => {
      await renderer?.close();
    },
  };
}
