import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAlertSettings } from '@deck-portal/domain';
import { approvedAccount } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The alert settings' HTTP side: signed-in reps only, fields checked, and a Slack address that
// points into the portal's own network refused (private targets are not allowed here).

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { ALERTS_SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/X' },
  });
  cookie = (await approvedAccount(t.app, 'Robin Rep', 'sales_rep')).cookie;
});

afterAll(async () => {
  await t?.app.close();
});

const put = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'PUT', url: '/api/profile/alerts', headers, payload: payload as object });

describe('alert settings over HTTP', () => {
  it('answer 401 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/alerts' });
    expect(res.statusCode).toBe(401);
    expect((await put(defaultAlertSettings, {})).statusCode).toBe(401);
  });

  it('say the workspace has a Slack address when one is configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profile/alerts',
      headers: { cookie },
    });
    expect(res.json()).toEqual({ settings: defaultAlertSettings, hasWorkspaceSlack: true });
  });

  it('refuse days out of range and a kind left out, naming the field', async () => {
    const days = await put({ ...defaultAlertSettings, returnAfterDays: 0 });
    expect(days.statusCode).toBe(400);
    expect(days.json().error.fields).toEqual({
      returnAfterDays: 'Days must be a whole number from 1 to 365.',
    });
    const { firstOpen: _, ...kinds } = defaultAlertSettings.kinds;
    const missing = await put({ ...defaultAlertSettings, kinds });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['kinds.firstOpen']);
  });

  it('refuse a Slack address on a private or loopback host, or not https', async () => {
    for (const [url, reason] of [
      ['https://127.0.0.1/hook', /private, loopback or reserved address \(127\.0\.0\.1\)/],
      ['https://10.1.2.3/hook', /private, loopback or reserved address \(10\.1\.2\.3\)/],
      ['http://93.184.215.14/hook', /^Slack addresses start with https:\/\/\.$/],
      ['ftp://hooks.slack.com/x', /^Slack address must be a full https:\/\/ address\.$/],
    ] as const) {
      const res = await put({ ...defaultAlertSettings, slackWebhookUrl: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.slackWebhookUrl, url).toMatch(reason);
    }
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/profile/alerts/slack-test',
      headers: { cookie },
      payload: { slackWebhookUrl: 'https://192.168.0.10/hook' },
    });
    expect(test.statusCode).toBe(400);
    // Nothing was saved by the refusals.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profile/alerts',
      headers: { cookie },
    });
    expect(res.json().settings.slackWebhookUrl).toBeNull();
  });
});
