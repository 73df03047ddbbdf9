import { z } from 'zod';
import { alertChannels, alertKinds, type AlertChannel, type AlertKind } from './integrations.ts';

/**
 * Alerts (issue 51): what a rep is told of the clients' interest in their decks, each kind on or
 * off per channel (in the portal, by e-mail, in Slack), and a daily digest of yesterday.
 */

/** What a rep reads in the row of each kind of alert. */
export const alertKindLabels: Record<AlertKind, { title: string; description: string }> = {
  firstOpen: { title: 'First open', description: 'A client opens a link for the first time.' },
  everyVisit: {
    title: 'Every visit',
    description: 'Three minutes into each visit, with what the client has seen so far.',
  },
  returnAfterSilence: {
    title: 'Return after silence',
    description: 'A client comes back to a link after days without a visit.',
  },
  pricingViewed: {
    title: 'Pricing viewed',
    description: 'A client spends five seconds or more on a pricing slide.',
  },
  newViewer: {
    title: 'New viewer',
    description: 'Someone new opens a link that was opened before: it was forwarded.',
  },
  accepted: { title: 'Accepted', description: 'A client accepts a proposal.' },
  declined: { title: 'Declined', description: 'A client declines a proposal.' },
};

export const alertChannelLabels: Record<AlertChannel, string> = {
  inApp: 'In the portal',
  email: 'E-mail',
  slack: 'Slack',
};

const slackUrlMessage = 'Slack address must be a full https:// address.';

/**
 * An incoming-webhook address of Slack (https://hooks.slack.com/…) or of any service that takes
 * Slack's messages. Where it may point (https, no private or loopback targets) is the server's
 * check, which lets tests use a local receiver.
 */
export const slackWebhookUrlSchema = z
  .string({ error: slackUrlMessage })
  .trim()
  .max(2000, 'Slack address must be at most 2000 characters.')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  }, slackUrlMessage);

const channelSwitchesSchema = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
  slack: z.boolean(),
});
export type AlertChannelSwitches = z.infer<typeof channelSwitchesSchema>;

export const alertSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(alertKinds.map((kind) => [kind, channelSwitchesSchema])) as Record<
      AlertKind,
      typeof channelSwitchesSchema
    >,
  ),
  /** A return is told after this many days without a visit to the link. */
  returnAfterDays: z
    .number({ error: 'Days must be a whole number from 1 to 365.' })
    .int('Days must be a whole number from 1 to 365.')
    .min(1, 'Days must be a whole number from 1 to 365.')
    .max(365, 'Days must be a whole number from 1 to 365.'),
  dailyDigest: z.boolean(),
  /** The rep's own Slack address; without one, the workspace's (an admin's) is used. */
  slackWebhookUrl: slackWebhookUrlSchema.nullable(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

const on = (inApp: boolean, email: boolean): AlertChannelSwitches => ({
  inApp,
  email,
  slack: false,
});

/** What a rep who never changed anything gets: the first open by mail, as before alerts. */
export const defaultAlertSettings: AlertSettings = {
  kinds: {
    firstOpen: on(true, true),
    everyVisit: on(true, false),
    returnAfterSilence: on(true, false),
    pricingViewed: on(true, false),
    newViewer: on(true, false),
    accepted: on(true, true),
    declined: on(true, true),
  },
  returnAfterDays: 7,
  dailyDigest: false,
  slackWebhookUrl: null,
};

/**
 * A rep's settings as stored, read with the defaults under anything missing or no longer valid
 * (a kind added later starts as its default).
 */
export function readAlertSettings(stored: unknown): AlertSettings {
  const value = (stored ?? {}) as Partial<Record<keyof AlertSettings, unknown>>;
  const storedKinds = (value.kinds ?? {}) as Partial<Record<AlertKind, unknown>>;
  const kinds = { ...defaultAlertSettings.kinds };
  for (const kind of alertKinds) {
    const parsed = channelSwitchesSchema.safeParse(storedKinds[kind]);
    if (parsed.success) kinds[kind] = parsed.data;
  }
  const field = <Key extends keyof AlertSettings>(
    key: Key,
    schema: z.ZodType<AlertSettings[Key]>,
  ) => {
    const parsed = schema.safeParse(value[key]);
    return parsed.success ? parsed.data : defaultAlertSettings[key];
  };
  const shape = alertSettingsSchema.shape;
  return {
    kinds,
    returnAfterDays: field('returnAfterDays', shape.returnAfterDays),
    dailyDigest: field('dailyDigest', shape.dailyDigest),
    slackWebhookUrl: field('slackWebhookUrl', shape.slackWebhookUrl),
  };
}

/** The channels a kind of alert goes to. */
export const channelsOf = (settings: AlertSettings, kind: AlertKind): AlertChannel[] =>
  alertChannels.filter((channel) => settings.kinds[kind][channel]);

/** `GET /api/profile/alerts`: the rep's settings, and whether the workspace has a Slack address. */
export const alertSettingsResponseSchema = z.object({
  settings: alertSettingsSchema,
  hasWorkspaceSlack: z.boolean(),
});
export type AlertSettingsResponse = z.infer<typeof alertSettingsResponseSchema>;

/** `POST /api/profile/alerts/slack-test`: the address to try (the form's, unsaved), or the saved one. */
export const slackTestRequestSchema = z.object({
  slackWebhookUrl: slackWebhookUrlSchema.nullable(),
});
export type SlackTestRequest = z.infer<typeof slackTestRequestSchema>;

export const alertsPaths = {
  settings: '/api/profile/alerts',
  slackTest: '/api/profile/alerts/slack-test',
} as const;
