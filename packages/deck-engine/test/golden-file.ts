import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ComposedSlide } from '../src/library/template-slides.ts';

/** What a slide draws: its background and elements. */
export const drawing = ({ background, elements }: ComposedSlide) => ({ background, elements });

/** The value with every number to 0.01, as the golden files store drawings. */
export function rounded(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_, v: unknown) =>
      typeof v === 'number' ? Math.round(v * 100) / 100 : v,
    ),
  );
}

/**
 * Expects drawings, by key, to equal `test/golden/<name>` key by key; with UPDATE_GOLDENS=1 the
 * file is written anew from them first (one key a line), after a deliberate change.
 */
export function expectGolden(name: string, drawn: Readonly<Record<string, unknown>>) {
  const file = fileURLToPath(new URL(`./golden/${name}`, import.meta.url));
  if (process.env.UPDATE_GOLDENS === '1') {
    const lines = Object.entries(drawn).map(
      ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
    );
    writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
  }
  expect(existsSync(file), 'run with UPDATE_GOLDENS=1').toBe(true);
  const golden = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect(Object.keys(drawn)).toEqual(Object.keys(golden));
  for (const [key, value] of Object.entries(drawn)) expect(value, key).toEqual(golden[key]);
}
