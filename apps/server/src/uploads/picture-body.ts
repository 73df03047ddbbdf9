import type { FastifyInstance } from 'fastify';
import { uploadContentTypes, uploadMaxBytes } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';

/**
 * Lets the routes of this plugin take a picture as the raw request body (what the browser
 * sends for `fetch(url, { body: file })`), up to the upload limit. The bytes are checked by
 * decoding them, never by trusting the declared type.
 */
export function acceptPictureBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    [...uploadContentTypes, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );
}

export function pictureBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) {
    throw new AppError(
      'validation_failed',
      'Send the picture itself as the request body (PNG, JPEG, WebP or GIF).',
      { status: 415 },
    );
  }
  return body;
}
