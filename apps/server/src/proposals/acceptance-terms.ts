import { eq } from 'drizzle-orm';
import { DEFAULT_DEAL_DESK } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { dealDeskSettings } from '../db/schema.ts';
import { sha256Hex } from '../decks/version-files.ts';

/**
 * The terms a client accepts now: the deal desk's `current` settings row when an admin saved
 * one, else the defaults; with their SHA-256, which an acceptance must name to be taken.
 */
export async function readAcceptanceTerms(db: Db): Promise<{ text: string; sha256: string }> {
  const [row] = await db
    .select({ settings: dealDeskSettings.settings })
    .from(dealDeskSettings)
    .where(eq(dealDeskSettings.id, 'current'));
  const text = row?.settings.acceptanceTerms || DEFAULT_DEAL_DESK.acceptanceTerms;
  return { text, sha256: sha256Hex(Buffer.from(text, 'utf8')) };
}
