import { eq } from 'drizzle-orm';
import {
  readAlertSettings,
  type AlertSettings,
  type AlertSettingsResponse,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { alertSettings } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { checkSlackAddress } from './post-to-slack.ts';

/** A rep's alert settings, the defaults for a rep who never saved any. */
export async function loadAlertSettings(db: Db, userId: string): Promise<AlertSettings> {
  const [row] = await db
    .select({ settings: alertSettings.settings })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  return readAlertSettings(row?.settings);
}

/** Where a rep's Slack alerts go: their own address, else the workspace's, else nowhere. */
export const slackAddressOf = (services: Pick<Services, 'config'>, settings: AlertSettings) =>
  settings.slackWebhookUrl ?? services.config.alertsSlackWebhookUrl ?? null;

export async function getAlertSettings(
  services: Pick<Services, 'db' | 'config'>,
  { userId }: { userId: string },
): Promise<AlertSettingsResponse> {
  return {
    settings: await loadAlertSettings(services.db, userId),
    hasWorkspaceSlack: services.config.alertsSlackWebhookUrl !== undefined,
  };
}

/** Refuses a Slack address that may not be posted to (a private target, plain http). */
export async function assertSlackAddress(services: Pick<Services, 'config'>, url: string) {
  const checked = await checkSlackAddress(url, {
    allowPrivate: services.config.webhooksAllowPrivate,
  });
  if (!checked.ok) {
    throw new AppError('validation_failed', 'The Slack address cannot be used.', {
      fields: { slackWebhookUrl: checked.reason },
    });
  }
}

/** Saves a rep's settings whole (the form sends them all). */
export async function saveAlertSettings(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  { userId, settings }: { userId: string; settings: AlertSettings },
): Promise<AlertSettingsResponse> {
  if (settings.slackWebhookUrl) await assertSlackAddress(services, settings.slackWebhookUrl);
  const now = services.clock.now();
  await services.db
    .insert(alertSettings)
    .values({ userId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { settings, updatedAt: now } });
  return getAlertSettings(services, { userId });
}
