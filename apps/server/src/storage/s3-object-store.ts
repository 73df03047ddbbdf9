import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, listAll, settleMoves, type ObjectStore } from './object-store.ts';

export type S3StoreOptions = {
  bucket: string;
  /** Prepended to every key (`deck-portal/`), so one bucket can serve several portals. */
  prefix?: string;
  client: S3.S3ClientConfig;
  /** Downloads redirect to an address signed for this many seconds; none when absent or 0. */
  signedUrlSeconds?: number;
  /** How the SDK is loaded; the real `import()` unless a test needs a load that fails. */
  loadSdk?: () => Promise<typeof S3>;
  /** How the presigner is loaded, likewise. */
  loadPresigner?: () => Promise<typeof Presigner>;
};

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, Ceph, R2…) through the AWS SDK. A put is
 * atomic by the protocol: an object is visible whole or not at all. Credentials come from the
 * SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, an instance role) unless given.
 */
export function createS3ObjectStore(options: S3StoreOptions): ObjectStore {
  // The SDK (about 23 MB resident) is loaded by the first operation, not when the store is
  // made: a process that never touches the bucket (or a portal without S3) does not pay for it.
  const loadSdk = options.loadSdk ?? (() => import('@aws-sdk/client-s3'));
  const loadPresigner = options.loadPresigner ?? (() => import('@aws-sdk/s3-request-presigner'));
  let connecting: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const connect = () => {
    if (connecting) return connecting;
    const attempt = loadSdk().then((sdk) => ({
      sdk,
      // Checksums only where an operation requires one: a streamed body (putFile) would
      // otherwise go as `aws-chunked` with a trailing checksum, which S3-compatible servers do
      // not all read.
      client: new sdk.S3Client({ requestChecksumCalculation: 'WHEN_REQUIRED', ...options.client }),
    }));
    // A failed load (a transient file-system error, say) is forgotten, so the next operation
    // loads again instead of failing the same way until the process restarts. Node does not
    // keep a failed import either. The operation that met the failure still gets it.
    attempt.catch(() => {
      if (connecting === attempt) connecting = undefined;
    });
    connecting = attempt;
    return attempt;
  };
  const { bucket } = options;
  const prefix = options.prefix ?? '';
  const full = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };

  const signedUrlSeconds = options.signedUrlSeconds ?? 0;
  return {
    kind: 's3',
    ...(signedUrlSeconds > 0
      ? {
          signedUrl: async (
            key: string,
            response: { contentType: string; disposition: string },
          ) => {
            const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
              connect(),
              // Not kept here: a failed load is tried again by the next call.
              loadPresigner(),
            ]);
            return getSignedUrl(
              client,
              new sdk.GetObjectCommand({
                Bucket: bucket,
                Key: full(key),
                ResponseContentType: response.contentType,
                ResponseContentDisposition: response.disposition,
                ResponseCacheControl: 'private, no-store',
              }),
              { expiresIn: signedUrlSeconds },
            );
          },
        }
      : {}),
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: full(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async putFile(key, file, contentType) {
      const { sdk, client } = await connect();
      // Streamed from disk with its length said up front, as a single PUT takes it.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: full(key),
          Body: createReadStream(file.path),
          ContentType: contentType,
          ContentLength: file.size,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: full(key) }),
        );
        if (!answer.Body) return undefined;
        return {
          body: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          return undefined;
        }
        throw error;
      }
    },
    async getFile(key, file) {
      const object = await this.get(key);
      if (!object) return false;
      try {
        await pipeline(object.body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        return true;
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async copy(from, to) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket: bucket,
          Key: full(to),
          CopySource: `${bucket}/${encodeURI(full(from))}`,
        }),
      );
    },
    async move(moves) {
      await settleMoves(
        moves,
        ({ from, to }) => this.copy(from, to),
        (keys) => this.delete(keys),
      );
      try {
        await this.delete(moves.map(({ from }) => from));
      } catch (error) {
        await this.delete(moves.map(({ to }) => to));
        throw error;
      }
    },
    async delete(keys) {
      const { sdk, client } = await connect();
      // The protocol takes at most 1,000 keys a request.
      for (let start = 0; start < keys.length; start += 1000) {
        const chunk = keys.slice(start, start + 1000);
        await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: chunk.map((key) => ({ Key: full(key) })), Quiet: true },
          }),
        );
      }
    },
    list(keyPrefix) {
      return listAll(this.listPages(keyPrefix));
    },
    async *listPages(keyPrefix) {
      const { sdk, client } = await connect();
      // Listed with the protocol's first listing call, each page starting after the last key of
      // the one before (its `Marker`): every S3-compatible server pages that way, whereas the
      // second call's continuation tokens are not made by all (s3rver's need a cipher that
      // Node's OpenSSL 3 no longer has).
      let after: string | undefined;
      for (;;) {
        const page = await client.send(
          new sdk.ListObjectsCommand({
            Bucket: bucket,
            Prefix: `${prefix}${keyPrefix}`,
            ...(after ? { Marker: after } : {}),
          }),
        );
        const objects = (page.Contents ?? []).filter((object) => object.Key);
        if (objects.length > 0) {
          yield objects.map((object) => ({
            key: object.Key!.slice(prefix.length),
            modifiedAt: object.LastModified ?? new Date(0),
          }));
        }
        if (!page.IsTruncated || objects.length === 0) return;
        after = objects.at(-1)!.Key;
      }
    },
    async close() {
      // A load that fails has nothing to close.
      const connection = await connecting?.catch(() => undefined);
      connection?.client.destroy();
    },
  };
}
