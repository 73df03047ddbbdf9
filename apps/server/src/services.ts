import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Throttle, ThrottleRules } from './auth/throttle.ts';
import type { DeckRenderer } from '@deck-portal/deck-engine/library';
import type { FileStore } from './decks/file-store.ts';
import type { GenerateEditedStored, GenerateStored } from './decks/version-files.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { CurrentLibrary } from './library/library-versions.ts';
import type { PictureDecoder } from './uploads/normalise-picture.ts';

/**
 * Where decks are drawn: a render pool, or a render process that may also write a deck's files
 * to the object store itself (`generateStored`, ADRs 084, 085).
 */
export type ServicesDeckRenderer = DeckRenderer & {
  generateStored?: GenerateStored;
  generateEditedStored?: GenerateEditedStored;
};

/** What use cases need from the outside world, built once by app.ts. */
export type Services = {
  db: Db;
  /** Notifications on the database (`LISTEN`), from this process or any other. */
  listen: Database['listen'];
  clock: Clock;
  config: Config;
  mailer: Mailer;
  throttle: Throttle;
  throttleRules: ThrottleRules;
  log: FastifyBaseLogger;
  deckRenderer: ServicesDeckRenderer;
  /** Where uploaded pictures are decoded: the render process under `npm start` (ADR 077). */
  pictureDecoder: PictureDecoder;
  /** The newest content library version: what decks are drawn from and record. */
  currentLibrary(): Promise<CurrentLibrary>;
  /** Where files' bytes live (`STORAGE`). */
  objects: ObjectStore;
  fileStore: FileStore;
};
