import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';

/**
 * Takes request bodies of `types` as one Buffer (a picture, a font, a PowerPoint file), up to
 * `bodyLimit` bytes. Unlike Fastify's own `parseAs: 'buffer'`, which keeps every chunk and joins
 * them at the end, each chunk is copied as it comes into a buffer of the declared length: a
 * 60 MB file costs 60 MB rather than twice that at its end, and no single step on the request
 * thread copies the whole file at once (the join of a 60 MB body held other requests up for
 * hundreds of milliseconds on a busy machine).
 */
export function acceptRawBodies(
  app: FastifyInstance,
  types: string | readonly string[],
  { bodyLimit }: { bodyLimit: number },
) {
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
      // Without a declared length (chunked), the chunks are kept and joined at the end.
      const body = hasLength ? Buffer.allocUnsafe(declared) : undefined;
      const chunks: Buffer[] = [];
      let received = 0;
      const finish = (error: Error | undefined, value?: Buffer) => {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
        done(error ?? null, value);
      };
      const onData = (chunk: Buffer | string) => {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        const end = received + bytes.length;
        if (end > bodyLimit || (body && end > body.length)) {
          finish(
            end > bodyLimit
              ? new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()
              : new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(),
          );
          return;
        }
        if (body) bytes.copy(body, received);
        else chunks.push(bytes);
        received = end;
      };
      const onEnd = () => {
        if (body && received !== body.length) {
          finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
          return;
        }
        finish(undefined, body ?? Buffer.concat(chunks, received));
      };
      const onError = (error: Error & { statusCode?: number }) => {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) {
          error.statusCode = 400;
        }
        finish(error);
      };
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', onError);
      payload.resume();
    },
  );
}
