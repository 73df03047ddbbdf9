import { eq } from 'drizzle-orm';
import {
  DEFAULT_DEAL_DESK,
  dealDeskSettingsSchema,
  findProduct,
  type DealDeskSettings,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { dealDeskSettings } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';

/** The one row the settings live in. */
const settingsRowId = 'current';

const savedSettings = preparedQuery((db) =>
  db
    .select({ settings: dealDeskSettings.settings })
    .from(dealDeskSettings)
    .where(eq(dealDeskSettings.id, settingsRowId))
    .prepare('deal_desk_settings'),
);

/** The deal desk's settings as an admin last saved them; the defaults until then. */
export async function loadDealDeskSettings(db: Db): Promise<DealDeskSettings> {
  const [row] = await savedSettings(db).execute();
  if (!row) return DEFAULT_DEAL_DESK;
  // Read through the schema, so settings saved before a field existed get its default.
  const parsed = dealDeskSettingsSchema.safeParse(row.settings);
  return parsed.success ? parsed.data : DEFAULT_DEAL_DESK;
}

/**
 * Saves an admin's settings: every product they name must be in the price book (422 naming
 * the field otherwise). The audit log keeps the settings before and after.
 */
export async function saveDealDeskSettings(
  services: Pick<Services, 'db' | 'clock'>,
  { user, settings }: { user: Pick<User, 'id'>; settings: DealDeskSettings },
): Promise<DealDeskSettings> {
  const now = services.clock.now();
  const { book } = await currentPriceBook(services.db, now);
  const fields: Record<string, string> = {};
  for (const productId of Object.keys(settings.products)) {
    if (!findProduct(book, productId)) {
      fields[`products.${productId}`] = `The price book has no product “${productId}”.`;
    }
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), {
      status: 422,
      fields,
    });
  }
  await services.db.transaction(async (tx) => {
    const old = await loadDealDeskSettings(tx);
    await tx
      .insert(dealDeskSettings)
      .values({ id: settingsRowId, settings, updatedBy: user.id, updatedAt: now })
      .onConflictDoUpdate({
        target: dealDeskSettings.id,
        set: { settings, updatedBy: user.id, updatedAt: now },
      });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'deal_desk.updated',
      subject: { kind: 'deal_desk', id: 'rules', label: 'Deal desk rules' },
      oldValue: JSON.stringify(old),
      newValue: JSON.stringify(settings),
      at: now,
    });
  });
  return settings;
}
