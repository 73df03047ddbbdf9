import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ObjectStore } from '../../src/storage/s3-object-store.ts';
import { startS3Server } from '../helpers/s3-server.ts';

/** A loader that fails its first `failures` calls as a file-system error would, then loads. */
function failingFirst<T>(load: () => Promise<T>, failures = 1) {
  const loader = async () => {
    loader.calls += 1;
    if (loader.calls <= failures) {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    }
    return load();
  };
  loader.calls = 0;
  return loader;
}

describe('the S3 store after a failed load of the SDK', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server.close());

  it('loads the SDK again on the next operation, which then works', async () => {
    const loadSdk = failingFirst(() => import('@aws-sdk/client-s3'));
    const store = createS3ObjectStore({
      bucket: server.bucket,
      client: server.clientConfig,
      loadSdk,
    });
    try {
      await expect(store.put('a.txt', Buffer.from('first'), 'text/plain')).rejects.toThrow('EIO');
      await store.put('a.txt', Buffer.from('second'), 'text/plain');
      const stored = await store.get('a.txt');
      expect(stored && (await buffer(stored.body)).toString()).toBe('second');
      // Loaded once more after the failure, then kept.
      expect(loadSdk.calls).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('closes without an error when the SDK never loaded', async () => {
    const store = createS3ObjectStore({
      bucket: server.bucket,
      client: server.clientConfig,
      loadSdk: failingFirst(() => import('@aws-sdk/client-s3'), Infinity),
    });
    await expect(store.list('')).rejects.toThrow('EIO');
    await expect(store.close()).resolves.toBeUndefined();
  });

  it('loads the presigner again on the next signed address', async () => {
    const loadPresigner = failingFirst(() => import('@aws-sdk/s3-request-presigner'));
    const store = createS3ObjectStore({
      bucket: server.bucket,
      client: server.clientConfig,
      signedUrlSeconds: 60,
      loadPresigner,
    });
    try {
      const response = { contentType: 'application/pdf', disposition: 'attachment' };
      await expect(store.signedUrl!('d.pdf', response)).rejects.toThrow('EIO');
      const url = new URL(await store.signedUrl!('d.pdf', response));
      expect(url.pathname).toBe(`/${server.bucket}/d.pdf`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(loadPresigner.calls).toBe(2);
    } finally {
      await store.close();
    }
  });
});
