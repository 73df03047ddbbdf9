import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { checkFont } from '@deck-portal/deck-engine/library';
import {
  brandFontWeights,
  libraryMessages,
  uploadIdOf,
  uploadMaxBytes,
  type Brand,
  type LibraryFontResponse,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { uploads } from '../db/schema.ts';
import { recordAudit } from '../users/record-audit.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { readUpload, uploadObjectKey, uploadPath } from '../uploads/store-upload.ts';

/**
 * Stores a font file a content editor uploaded for the brand: checked to be a TrueType,
 * OpenType or WOFF2 font with the letters decks need (WOFF2 is stored as the font inside it,
 * which the engine shapes and embeds), refused with the reason otherwise.
 */
export async function storeLibraryFont(
  { db, clock, objects }: Pick<Services, 'db' | 'clock' | 'objects'>,
  { user, bytes }: { user: User; bytes: Buffer },
): Promise<LibraryFontResponse> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.');
  if (bytes.length > uploadMaxBytes) {
    throw new AppError('payload_too_large', libraryMessages.fontTooLarge, { status: 413 });
  }
  const checked = await checkFont(bytes);
  if (!checked.ok) {
    const message = `This file ${checked.reason}. ${libraryMessages.fontFormats}`;
    throw new AppError('validation_failed', message, { fields: { file: message } });
  }
  const { font } = checked;
  const id = randomUUID();
  const contentType = font.format === 'otf' ? 'font/otf' : 'font/ttf';
  await objects.put(uploadObjectKey(id), font.bytes, contentType);
  const at = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      ownerId: user.id,
      kind: 'library_font',
      contentType,
      byteSize: font.bytes.length,
      sha256: createHash('sha256').update(font.bytes).digest('hex'),
      createdAt: at,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'library.font_uploaded',
      newValue: `${font.familyName} ${font.subfamilyName} (${uploadPath(id)})`,
      at,
    });
  });
  return {
    id,
    url: uploadPath(id),
    familyName: font.familyName,
    styleName: font.subfamilyName,
  };
}

/** The font files a brand names, by weight. */
function brandFonts(brand: Brand): [(typeof brandFontWeights)[number], string][] {
  return brandFontWeights.flatMap((weight) => {
    const address = brand.font?.[weight];
    return address ? [[weight, address] as [(typeof brandFontWeights)[number], string]] : [];
  });
}

/** The library's font uploads among `addresses`, with their bytes, by address. */
async function loadFontRows(services: Pick<Services, 'db' | 'objects'>, addresses: string[]) {
  const ids = addresses.flatMap((address) => uploadIdOf(address) ?? []);
  if (ids.length === 0) return new Map<string, Buffer>();
  const rows = await services.db
    .select({ id: uploads.id, content: uploads.content, contentType: uploads.contentType })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.kind, 'library_font')));
  return new Map(
    await Promise.all(
      rows.map(async (row) => [uploadPath(row.id), await readUpload(services, row)] as const),
    ),
  );
}

/** A brand may only name fonts uploaded to the library: refused by field otherwise. */
export async function assertBrandFontsUploaded(
  services: Pick<Services, 'db' | 'objects'>,
  brand: Brand,
) {
  const named = brandFonts(brand);
  const found = await loadFontRows(
    services,
    named.map(([, address]) => address),
  );
  const fields: Record<string, string> = {};
  for (const [weight, address] of named) {
    if (!found.has(address.toLowerCase()) && !found.has(address)) {
      fields[`brand.font.${weight}`] = libraryMessages.fontNotUploaded;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', { fields });
  }
}

/** The names the brand's font files give themselves (`Lora Bold`), by address. */
export async function brandFontNames(
  services: Pick<Services, 'db' | 'objects'>,
  brand: Brand,
): Promise<Record<string, string>> {
  const named = brandFonts(brand);
  const files = await loadFontRows(
    services,
    named.map(([, address]) => address),
  );
  const names: Record<string, string> = {};
  for (const [address, bytes] of files) {
    const checked = await checkFont(bytes);
    if (checked.ok) names[address] = `${checked.font.familyName} ${checked.font.subfamilyName}`;
  }
  return names;
}
