import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { checkFont } from '../src/layout/check-font.ts';

// Lora (OFL, from @fontsource) stands in for a company's own font in tests: a serif whose widths
// differ from Inter's.
const require = createRequire(import.meta.url);

/** Lora's WOFF2 file in a weight, as an editor would upload it. */
export const loraWoff2 = (weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/lora/files/lora-latin-${weight}-normal.woff2`));

/** Library addresses of Lora's regular and bold, as a brand names its font files. */
export const LORA_FONT = {
  regular: '/api/uploads/00000000-0000-4000-8000-000000000001',
  bold: '/api/uploads/00000000-0000-4000-8000-000000000002',
} as const;

/** Lora's regular and bold as checked at upload (TrueType), by their library addresses. */
export async function loraFiles(): Promise<Record<string, Uint8Array>> {
  const regular = await checkFont(loraWoff2(400));
  const bold = await checkFont(loraWoff2(700));
  if (!regular.ok || !bold.ok) throw new Error('Lora did not pass the check');
  return { [LORA_FONT.regular]: regular.font.bytes, [LORA_FONT.bold]: bold.font.bytes };
}
