import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import type { LocalFile } from '../storage/local-file.ts';

/**
 * A raw request body (a picture, a font, a PowerPoint file) as the server keeps it while the
 * request is answered: a file on this machine's disk, removed once the answer is sent.
 */
export class SpooledBody implements LocalFile {
  constructor(
    readonly path: string,
    readonly size: number,
  ) {}
}

/**
 * Where this process keeps the bodies it is taking in: a folder of its own, so that what a
 * crash leaves behind is easy to tell and to remove.
 */
export const spoolFolder = path.join(os.tmpdir(), `deck-portal-bodies-${process.pid}`);

/** The request's raw body, if it came as one. */
export const spooledBody = (body: unknown) => (body instanceof SpooledBody ? body : undefined);

/**
 * Takes request bodies of `types` as they come, up to `bodyLimit` bytes, writing each chunk to
 * a file of its own (a {@link SpooledBody}) rather than keeping it in memory. A large body held
 * in the process (three 10 MB pictures and a 60 MB PowerPoint file at once) set off full
 * garbage collections that held every other request up; written out, it costs the process a
 * chunk at a time, and the code that reads it (sharp, the object store, the import's worker)
 * reads the file itself. The file is removed when the answer has been sent or the client gives
 * up; a body over the limit, or not of its declared length, is refused with nothing kept.
 */
export function acceptRawBodies(
  app: FastifyInstance,
  types: string | readonly string[],
  { bodyLimit }: { bodyLimit: number },
) {
  const removeSpooled = async (request: FastifyRequest) => {
    const body = spooledBody(request.body);
    if (body) await rm(body.path, { force: true });
  };
  app.addHook('onResponse', removeSpooled);
  app.addHook('onRequestAbort', removeSpooled);

  app.addContentTypeParser(
    typeof types === 'string' ? types : [...types],
    { bodyLimit },
    (request, payload, done) => {
      const declared = Number(request.headers['content-length']);
      const hasLength = Number.isInteger(declared) && declared >= 0;
      if (hasLength && declared > bodyLimit) {
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
        return;
      }
      // Made each time (a cheap call when it is there): a folder cleaned away is made again.
      mkdir(spoolFolder, { recursive: true, mode: 0o700 }).then(
        () => spool(payload, hasLength ? declared : undefined, done),
        (error: Error) => done(error, undefined),
      );
    },
  );

  /** Writes the body to a file of its own in {@link spoolFolder}, then says it is in. */
  function spool(
    payload: IncomingMessage,
    declared: number | undefined,
    done: (error: Error | null, body?: unknown) => void,
  ) {
    const file = path.join(spoolFolder, randomUUID());
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let received = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (!error) {
        out.once('close', () => done(null, new SpooledBody(file, received)));
        out.end();
        return;
      }
      // What is left of a refused body is read and dropped, so the refusal can be sent.
      payload.resume();
      out.destroy();
      void rm(file, { force: true }).then(() => done(error, undefined));
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > bodyLimit) {
        settle(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      } else if (declared !== undefined && received > declared) {
        settle(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      } else if (!out.write(bytes)) {
        // The disk is slower than the network: wait for it rather than hold chunks.
        payload.pause();
        out.once('drain', () => {
          if (!settled) payload.resume();
        });
      }
    };
    const onEnd = () =>
      settle(
        declared !== undefined && received !== declared
          ? new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH()
          : undefined,
      );
    const onError = (error: Error & { statusCode?: number }) => {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) {
        error.statusCode = 400;
      }
      settle(error);
    };
    out.on('error', (error) => settle(error));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  }
}
