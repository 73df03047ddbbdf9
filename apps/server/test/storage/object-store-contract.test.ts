import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from '../../src/storage/local-object-store.ts';
import type { ObjectStore } from '../../src/storage/object-store.ts';
import { createS3ObjectStore } from '../../src/storage/s3-object-store.ts';
import { startS3Server } from '../helpers/s3-server.ts';

/**
 * One contract, every store: what the file layer relies on holds for files on this machine
 * and for a real S3-protocol server alike.
 */
const stores: {
  name: string;
  open: () => Promise<{ store: ObjectStore; close: () => Promise<void> }>;
}[] = [
  {
    name: 'local',
    open: async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
      return {
        store: createLocalObjectStore(root),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    open: async () => {
      const server = await startS3Server();
      const store = createS3ObjectStore({
        bucket: server.bucket,
        prefix: 'portal/',
        client: server.clientConfig,
      });
      return {
        store,
        close: async () => {
          await store.close();
          await server.close();
        },
      };
    },
  },
];

describe.each(stores)('the $name object store', ({ open }) => {
  let store: ObjectStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  const read = async (key: string) => {
    const object = await store.get(key);
    return object && { ...object, bytes: await buffer(object.body) };
  };

  it('gives back the bytes and type it was given, and overwrites', async () => {
    const pdf = Buffer.from('%PDF-1.7 first');
    await store.put('decks/d1/v1/deck.pdf', pdf, 'application/pdf');
    const stored = await read('decks/d1/v1/deck.pdf');
    expect(stored?.bytes.equals(pdf)).toBe(true);
    expect(stored?.size).toBe(pdf.length);
    expect(stored?.contentType).toBe('application/pdf');

    const again = Buffer.alloc(700_000, 7);
    await store.put('decks/d1/v1/deck.pdf', again, 'application/pdf');
    expect((await read('decks/d1/v1/deck.pdf'))?.bytes.equals(again)).toBe(true);
  });

  it('stores a file from disk as it is, leaving the file, and overwrites with it', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-spooled-'));
    try {
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
      const file = path.join(folder, 'upload');
      await writeFile(file, bytes);
      await store.put('imports/i1/source', Buffer.from('older'), 'text/plain');
      await store.putFile(
        'imports/i1/source',
        { path: file, size: bytes.length },
        'application/octet-stream',
      );
      const stored = await read('imports/i1/source');
      expect(stored?.size).toBe(bytes.length);
      expect(stored?.bytes.equals(bytes)).toBe(true);
      expect(stored?.contentType).toBe('application/octet-stream');
      expect((await readdir(folder)).sort()).toEqual(['upload']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('writes an object to a new file on this machine, and nothing for a key with no object', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-copied-out-'));
    try {
      const bytes = Buffer.alloc(2 * 1024 * 1024 + 5);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 17) % 253;
      await store.put('imports/i2/source', bytes, 'application/octet-stream');
      const file = path.join(folder, 'source.pptx');
      expect(await store.getFile('imports/i2/source', file)).toBe(true);
      expect((await readFile(file)).equals(bytes)).toBe(true);
      // The object is left as it was.
      expect((await read('imports/i2/source'))?.bytes.equals(bytes)).toBe(true);
      const none = path.join(folder, 'none.pptx');
      expect(await store.getFile('imports/none/source', none)).toBe(false);
      expect((await readdir(folder)).sort()).toEqual(['source.pptx']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers nothing for a key with no object', async () => {
    expect(await store.get('decks/none/v1/deck.pdf')).toBeUndefined();
  });

  it('lists a prefix of more than a thousand objects a page at a time, each once', async () => {
    const keys = Array.from({ length: 1_005 }, (_, i) => `sweep/${String(i).padStart(4, '0')}/x`);
    for (let start = 0; start < keys.length; start += 10) {
      await Promise.all(
        keys.slice(start, start + 10).map((key) => store.put(key, Buffer.from('x'), 'text/plain')),
      );
    }
    const pages: string[][] = [];
    for await (const page of store.listPages('sweep/')) pages.push(page.map((o) => o.key));
    expect(pages.map((page) => page.length)).toEqual([1_000, 5]);
    expect(pages.flat().sort()).toEqual(keys);
    expect((await store.list('sweep/')).map((o) => o.key)).toEqual(keys);
    await store.delete(keys);
  }, 60_000);

  it('copies, lists by prefix and deletes', async () => {
    await store.put('decks/d2/v1/slide-1.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await store.put('decks/d2/v1/slide-2.svg', Buffer.from('<svg>2</svg>'), 'image/svg+xml');
    await store.copy('decks/d2/v1/slide-2.svg', 'decks/d3/v1/slide-2.svg');
    const copied = await read('decks/d3/v1/slide-2.svg');
    expect(copied?.bytes.toString()).toBe('<svg>2</svg>');
    expect(copied?.contentType).toBe('image/svg+xml');

    const listed = await store.list('decks/d2/');
    expect(listed.map((object) => object.key)).toEqual([
      'decks/d2/v1/slide-1.svg',
      'decks/d2/v1/slide-2.svg',
    ]);
    for (const object of listed) {
      expect(Math.abs(object.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
    await store.delete(['decks/d2/v1/slide-1.svg', 'decks/d2/v1/slide-2.svg', 'decks/d2/none']);
    expect(await store.list('decks/d2/')).toEqual([]);
    expect((await store.list('decks/d3/')).map((object) => object.key)).toEqual([
      'decks/d3/v1/slide-2.svg',
    ]);
  });

  it('moves objects over others, with their types, leaving nothing where they were', async () => {
    await store.put('decks/d4/staging/r1/deck.pdf', Buffer.from('%PDF-new'), 'application/pdf');
    await store.put('decks/d4/staging/r1/notes', Buffer.from('n'), 'text/markdown');
    await store.put('decks/d4/v2/deck.pdf', Buffer.from('%PDF-old'), 'application/pdf');
    await store.move([
      { from: 'decks/d4/staging/r1/deck.pdf', to: 'decks/d4/v2/deck.pdf' },
      { from: 'decks/d4/staging/r1/notes', to: 'decks/d4/v2/notes' },
    ]);
    const moved = await read('decks/d4/v2/deck.pdf');
    expect(moved?.bytes.toString()).toBe('%PDF-new');
    expect(moved?.contentType).toBe('application/pdf');
    expect((await read('decks/d4/v2/notes'))?.contentType).toBe('text/markdown');
    expect(await store.get('decks/d4/staging/r1/deck.pdf')).toBeUndefined();
    expect((await store.list('decks/d4/')).map((object) => object.key)).toEqual([
      'decks/d4/v2/deck.pdf',
      'decks/d4/v2/notes',
    ]);
    // Nothing to move: it fails, and what was at the target stays.
    await expect(
      store.move([{ from: 'decks/d4/staging/r1/deck.pdf', to: 'decks/d4/v2/deck.pdf' }]),
    ).rejects.toThrow();
    expect((await read('decks/d4/v2/deck.pdf'))?.bytes.toString()).toBe('%PDF-new');
    // One of three with nothing to move: none of the others' targets is left.
    await store.put('decks/d4/staging/r2/a.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await store.put('decks/d4/staging/r2/b.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await expect(
      store.move([
        { from: 'decks/d4/staging/r2/a.svg', to: 'decks/d4/v3/a.svg' },
        { from: 'decks/d4/staging/r2/missing.svg', to: 'decks/d4/v3/missing.svg' },
        { from: 'decks/d4/staging/r2/b.svg', to: 'decks/d4/v3/b.svg' },
      ]),
    ).rejects.toThrow();
    expect(await store.list('decks/d4/v3/')).toEqual([]);
    await store.delete(['decks/d4/v2/deck.pdf', 'decks/d4/v2/notes']);
    await store.delete(['decks/d4/staging/r2/a.svg', 'decks/d4/staging/r2/b.svg']);
    await store.move([]);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'decks//x', 'decks/./x', '', 'decks/a b']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    }
  });
});

describe('the local store', () => {
  it('leaves no temporary file behind a write', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
    try {
      const store = createLocalObjectStore(root);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.put('decks/d1/v1/deck.pdf', Buffer.alloc(50_000, i), 'application/pdf'),
        ),
      );
      const names = await readdir(path.join(root, 'decks/d1/v1'));
      expect(names.sort()).toEqual(['deck.pdf']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('removes the temporary files of writes a crash cut short, once they are old', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
    try {
      const store = createLocalObjectStore(root);
      await store.put('decks/d1/v1/deck.pdf', Buffer.from('whole'), 'application/pdf');
      const folder = path.join(root, 'decks/d1/v1');
      // As a crash between the write and the rename leaves them: one from yesterday, one now.
      await writeFile(path.join(folder, '.tmp-0123456789abcdef-deck.pptx'), 'half');
      const yesterday = new Date(Date.now() - 24 * 3600_000);
      await utimes(path.join(folder, '.tmp-0123456789abcdef-deck.pptx'), yesterday, yesterday);
      await writeFile(path.join(folder, '.tmp-fedcba9876543210-deck.svg'), 'being written');

      expect(await store.removeUnfinishedWrites!(new Date(Date.now() - 3600_000))).toBe(1);
      expect((await readdir(folder)).sort()).toEqual([
        '.tmp-fedcba9876543210-deck.svg',
        'deck.pdf',
      ]);
      expect((await store.get('decks/d1/v1/deck.pdf'))?.size).toBe(5);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('keeps a content type beside the file only when its name does not tell it', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
    try {
      const store = createLocalObjectStore(root);
      await store.put('uploads/u1', Buffer.from('png bytes'), 'image/png');
      await store.put('decks/d1/v1/notes.svg', Buffer.from('<svg/>'), 'text/plain');
      expect((await readdir(path.join(root, 'uploads'))).sort()).toEqual(['u1', 'u1.content-type']);
      expect((await store.get('uploads/u1'))?.contentType).toBe('image/png');
      expect((await store.get('decks/d1/v1/notes.svg'))?.contentType).toBe('text/plain');
      // Written again with the type its name tells: the sidecar that said otherwise goes.
      await store.put('decks/d1/v1/notes.svg', Buffer.from('<svg/>'), 'image/svg+xml');
      expect(await readdir(path.join(root, 'decks/d1/v1'))).toEqual(['notes.svg']);
      expect((await store.get('decks/d1/v1/notes.svg'))?.contentType).toBe('image/svg+xml');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('writes into a folder that was removed after it was made', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
    try {
      const store = createLocalObjectStore(root);
      await store.put('decks/d1/v1/deck.pdf', Buffer.from('one'), 'application/pdf');
      await rm(path.join(root, 'decks'), { recursive: true });
      await store.put('decks/d1/v1/deck.pdf', Buffer.from('two'), 'application/pdf');
      const object = await store.get('decks/d1/v1/deck.pdf');
      expect(object?.size).toBe(3);
      expect(object?.contentType).toBe('application/pdf');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('leaves no empty folder behind a move, up to its own folder', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-files-'));
    // Given relative to the working folder, as `DATA_DIR=data` gives it.
    const root = path.relative(process.cwd(), path.join(parent, 'files'));
    try {
      const store = createLocalObjectStore(root);
      const staged = (attempt: string) => [
        `decks/d1/staging/${attempt}/deck.pdf`,
        `decks/d1/staging/${attempt}/slides/slide-1.svg`,
      ];
      for (const key of [...staged('a1'), ...staged('a2')]) {
        await store.put(key, Buffer.from(key), 'application/octet-stream');
      }
      const folders = async (at: string) => (await readdir(path.join(root, at))).sort();

      // The first attempt's files move in: its folders go, `staging/` holds the second's.
      await store.move(
        staged('a1').map((key) => ({ from: key, to: key.replace('staging/a1', 'v2') })),
      );
      expect(await folders('decks/d1')).toEqual(['staging', 'v2']);
      expect(await folders('decks/d1/staging')).toEqual(['a2']);

      // The second's move in too: `staging/` goes; the deck's folder and the store's stay.
      await store.move(
        staged('a2').map((key) => ({ from: key, to: key.replace('staging/a2', 'v3') })),
      );
      expect(await folders('decks/d1')).toEqual(['v2', 'v3']);
      expect((await store.list('decks/d1/')).map((object) => object.key)).toEqual([
        'decks/d1/v2/deck.pdf',
        'decks/d1/v2/slides/slide-1.svg',
        'decks/d1/v3/deck.pdf',
        'decks/d1/v3/slides/slide-1.svg',
      ]);

      // Every file of a deck moved to another: its folders go, up to the store's own.
      const out = (keys: string[], to: (key: string) => string) =>
        store.move(keys.map((key) => ({ from: key, to: to(key) })));
      const d1 = (await store.list('decks/d1/')).map((object) => object.key);
      await out(d1, (key) => key.replace('d1', 'd2'));
      expect(await folders('decks')).toEqual(['d2']);
      const d2 = (await store.list('decks/d2/')).map((object) => object.key);
      await out(d2, (key) => `other/${key.split('/').slice(2).join('-')}`);
      expect(await folders('.')).toEqual(['other']);
      // And a folder removed that way is written into again.
      await store.put('decks/d1/staging/a3/deck.pdf', Buffer.from('again'), 'application/pdf');
      expect((await store.get('decks/d1/staging/a3/deck.pdf'))?.size).toBe(5);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
