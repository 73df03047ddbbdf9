import type { User } from '../auth/sessions.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { assertSlackAddress, loadAlertSettings, slackAddressOf } from './alert-settings.ts';
import { postToSlack } from './post-to-slack.ts';

/**
 * Posts a test message to a Slack address (the one in the rep's form, else where the rep's
 * alerts go), so the rep sees it arrive before relying on it. Answers 400 naming why not.
 */
export async function sendSlackTest(
  services: Pick<Services, 'db' | 'config'>,
  { user, url }: { user: User; url: string | null },
) {
  const target = url ?? slackAddressOf(services, await loadAlertSettings(services.db, user.id));
  if (!target) {
    throw new AppError('validation_failed', 'There is no Slack address to send a test to.', {
      fields: { slackWebhookUrl: 'Enter a Slack address first.' },
    });
  }
  await assertSlackAddress(services, target);
  const outcome = await postToSlack(
    target,
    { text: `A test from ${services.config.productName}: ${user.name}’s alerts will arrive here.` },
    { allowPrivate: services.config.webhooksAllowPrivate },
  );
  if (!outcome.ok) {
    throw new AppError('slack_failed', `The test was not posted: ${outcome.reason}`, {
      status: 400,
      fields: { slackWebhookUrl: outcome.reason },
    });
  }
}
