import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookAddress } from '../webhooks/webhook-address.ts';

/** How long Slack has to answer, connection included. */
export const slackTimeoutMs = 10_000;

export type SlackOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Checks a Slack address as webhook addresses are checked (public targets only), and https
 * unless private targets are allowed (`WEBHOOKS_ALLOW_PRIVATE`, for tests' local receivers).
 */
export async function checkSlackAddress(
  rawUrl: string,
  { allowPrivate }: { allowPrivate: boolean },
) {
  const checked = await checkWebhookAddress(rawUrl, { allowPrivate });
  if (checked.ok && checked.url.protocol !== 'https:' && !allowPrivate) {
    return { ok: false as const, reason: 'Slack addresses start with https://.' };
  }
  return checked;
}

/**
 * POSTs a message (`{ text }`, Slack's incoming-webhook body) to the address, connected to the
 * address checked (not to a second DNS answer), no redirects followed, 10 s at most. Never throws.
 */
export async function postToSlack(
  rawUrl: string,
  message: { text: string },
  { allowPrivate, timeoutMs = slackTimeoutMs }: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SlackOutcome> {
  const checked = await checkSlackAddress(rawUrl, { allowPrivate });
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const { url, pinned } = checked;
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean } | undefined)?.all) {
      (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(
        null,
        [pinned],
      );
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SlackOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true }
              : { ok: false, reason: `Slack answered ${status}.` },
          ),
        );
        response.on('error', () => resolve({ ok: false, reason: 'Slack’s answer broke off.' }));
      },
    );
    request.on('error', (error) =>
      resolve({
        ok: false,
        reason:
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? 'Slack did not answer within 10 seconds.'
            : `Slack could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`,
      }),
    );
    request.end(body);
  });
}
