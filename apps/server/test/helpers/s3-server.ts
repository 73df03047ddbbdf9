import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types; its constructor and run/close are all the tests use.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };

/**
 * A real S3-protocol server (s3rver) on a free loopback port with one empty bucket, its data
 * in a temporary folder: what the S3 store's tests and the multi-process tests talk to.
 */
export async function startS3Server(bucket = 'deck-portal') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as S3rverInstance;
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** What the S3 client needs: s3rver accepts the fixed test credentials it documents. */
    clientConfig: {
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
