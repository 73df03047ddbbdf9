import type { FastifyInstance } from 'fastify';
import { uploadContentTypes, uploadMaxBytes } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { ErrorRouteConfig } from '../http/error-handler.ts';
import { acceptRawBodies, type SpooledBody, spooledBody } from '../http/raw-body.ts';

/**
 * Lets the routes of this plugin take a picture as the raw request body (what the browser
 * sends for `fetch(url, { body: file })`), up to the upload limit, and say that limit when a
 * body is over it. The bytes are checked by decoding them, never by trusting the declared type.
 */
export function acceptPictureBodies(app: FastifyInstance, extraTypes: readonly string[] = []) {
  app.addHook('onRoute', (route) => {
    const config: ErrorRouteConfig = { tooLargeMessage: 'Pictures can be at most 10 MB.' };
    route.config = { ...(route.config as object), ...config } as typeof route.config;
  });
  acceptRawBodies(app, [...uploadContentTypes, ...extraTypes, 'application/octet-stream'], {
    bodyLimit: uploadMaxBytes,
  });
}

/** The picture sent as the request body, as a file on this machine (see raw-body.ts). */
export function pictureBody(body: unknown): SpooledBody {
  const picture = spooledBody(body);
  if (!picture) {
    throw new AppError(
      'validation_failed',
      'Send the picture itself as the request body (PNG, JPEG, WebP or GIF).',
      { status: 415 },
    );
  }
  return picture;
}
