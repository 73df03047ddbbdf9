import { describe, expect, it } from 'vitest';
import { channelsOf, defaultAlertSettings, readAlertSettings } from './alerts-api.ts';

describe('alert settings as stored', () => {
  it('read as the defaults when there are none', () => {
    expect(readAlertSettings(undefined)).toEqual(defaultAlertSettings);
    expect(channelsOf(defaultAlertSettings, 'firstOpen')).toEqual(['inApp', 'email']);
    expect(channelsOf(defaultAlertSettings, 'newViewer')).toEqual(['inApp']);
  });

  it('keep what is valid and put the defaults under a kind missing or a value no longer valid', () => {
    const stored = {
      kinds: {
        everyVisit: { inApp: false, email: true, slack: true },
        declined: { inApp: 'yes' },
      },
      returnAfterDays: 400,
      dailyDigest: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/X',
    };
    expect(readAlertSettings(stored)).toEqual({
      ...defaultAlertSettings,
      kinds: {
        ...defaultAlertSettings.kinds,
        everyVisit: { inApp: false, email: true, slack: true },
      },
      dailyDigest: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/X',
    });
  });
});
