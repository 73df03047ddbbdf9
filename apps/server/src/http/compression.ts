import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Responses (the web app's scripts and styles, JSON, slide SVGs) are compressed for browsers
 * that accept it: brotli at a light level, fast enough to do per request, else gzip. PDF, PPTX
 * and pictures are compressed already and go as they are (by content type). Request bodies are
 * never compressed by the web app, so compressed requests are not accepted.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
