import type { StorageConfig } from '../config.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

/** The object store `STORAGE` names. S3 credentials come from the SDK's usual chain. */
export function createObjectStore(storage: StorageConfig): ObjectStore {
  if (storage.kind === 'local') return createLocalObjectStore(storage.dir);
  return createS3ObjectStore({
    bucket: storage.bucket,
    prefix: storage.prefix,
    signedUrlSeconds: storage.signedUrlSeconds,
    client: {
      region: storage.region,
      forcePathStyle: storage.forcePathStyle,
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
    },
  });
}
