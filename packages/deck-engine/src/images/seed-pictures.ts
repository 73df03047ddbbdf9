import { readFileSync } from 'node:fs';

/**
 * `seed:data-logger.png`: a picture shipped with the built-in library (`library/seed/pictures`),
 * stored as PNG so drawing it needs no decoding library.
 */
const seedSource = /^seed:([a-z0-9-]{1,64}\.(?:png|jpg|svg))$/;

const cache = new Map<string, Buffer | undefined>();

/** The bytes of a shipped picture a slide names, or undefined when it names none of them. */
export function seedPicture(src: string): Buffer | undefined {
  const file = seedSource.exec(src.trim())?.[1];
  if (!file) return undefined;
  if (!cache.has(file)) {
    try {
      cache.set(file, readFileSync(new URL(`../library/seed/pictures/${file}`, import.meta.url)));
    } catch {
      cache.set(file, undefined);
    }
  }
  return cache.get(file);
}
