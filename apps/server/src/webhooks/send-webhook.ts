import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookAddress } from './webhook-address.ts';

/** How long a receiver has to answer, connection included. */
export const webhookTimeoutMs = 10_000;

/** What one attempt came to: delivered (2xx), or why not, with the status when one came. */
export type SendOutcome = { ok: boolean; statusCode: number | null; error: string | null };

export type WebhookMessage = {
  url: string;
  secret: string;
  /** `webhook-id`: the same on every attempt of one message. */
  messageId: string;
  /** The JSON body, byte for byte the same on every attempt. */
  body: string;
  /** When it is signed (`webhook-timestamp`). */
  at: Date;
};

/**
 * The Standard Webhooks headers of one attempt: its id, time and signature over both and the
 * body (`v1,` and the base64 of HMAC-SHA256 of `{id}.{seconds}.{body}` under the secret's
 * bytes, the base64 after `whsec_`). Signed by Node's crypto, not the reference library's
 * JavaScript SHA-256, which took ~1 ms of the request thread a message under load; its
 * `verify` checks these signatures in the tests.
 */
export function signedHeaders({ secret, messageId, body, at }: Omit<WebhookMessage, 'url'>) {
  const seconds = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${seconds}.${body}`).digest();
  return {
    'webhook-id': messageId,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature.toString('base64')}`,
  };
}

/** The first characters of a receiver's answer, for the delivery log. */
const answerShownChars = 200;

/**
 * Makes one attempt: the address checked again (DNS may have changed since it was saved) and the
 * connection pinned to the address checked, the message signed and POSTed, redirects not
 * followed (a 3xx is a failure: the receiver's address is the one registered), 10 s at most.
 * Never throws.
 */
export async function sendWebhook(
  message: WebhookMessage,
  { allowPrivate, timeoutMs = webhookTimeoutMs }: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendOutcome> {
  const checked = await checkWebhookAddress(message.url, { allowPrivate });
  if (!checked.ok) return { ok: false, statusCode: null, error: `Not sent: ${checked.reason}` };
  const { url, pinned } = checked;
  // Connect to the address checked, not to whatever a second DNS answer says (rebinding).
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
  const body = Buffer.from(message.body, 'utf8');
  const headers = {
    ...signedHeaders(message),
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': 'DeckPortal-Webhooks/1.0',
  };
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<SendOutcome>((resolve) => {
    const request = client.request(
      url,
      { method: 'POST', headers, lookup, signal, agent: false },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < answerShownChars) chunks.push(chunk);
          size += chunk.length;
        });
        const finish = () => {
          if (statusCode >= 200 && statusCode < 300) {
            resolve({ ok: true, statusCode, error: null });
            return;
          }
          const answer = Buffer.concat(chunks).toString('utf8').slice(0, answerShownChars).trim();
          const redirect =
            statusCode >= 300 && statusCode < 400 ? ' (redirects are not followed)' : '';
          resolve({
            ok: false,
            statusCode,
            error: `The receiver answered ${statusCode}${redirect}${answer ? `: ${answer}` : '.'}`,
          });
        };
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) => {
      resolve({
        ok: false,
        statusCode: null,
        error: signal.aborted
          ? `No answer within ${timeoutMs / 1000} s.`
          : `Could not reach the receiver: ${error.message}`,
      });
    });
    request.end(body);
  });
}
