import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isAllowedAddress } from '@deck-portal/deck-engine/library';

/** Where a message may go: the address checked, to connect to and to nothing else. */
export type CheckedAddress =
  | { ok: true; url: URL; pinned: { address: string; family: number } }
  | { ok: false; reason: string };

/**
 * Checks a webhook's address as picture addresses are checked: http or https, no credentials,
 * and a host that resolves to public addresses only (every one it has), unless private ones are
 * allowed (`WEBHOOKS_ALLOW_PRIVATE`). Checked when an admin saves it and before every attempt,
 * since what a name resolves to can change; the caller connects to the answer's address.
 */
export async function checkWebhookAddress(
  rawUrl: string,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<CheckedAddress> {
  if (!URL.canParse(rawUrl)) return { ok: false, reason: 'It is not a valid address.' };
  const url = new URL(rawUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'Only http:// and https:// addresses can receive webhooks.' };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'The address must not hold a user name or password.' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, reason: `${host} could not be found (no DNS answer).` };
    }
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `${host} could not be found (no DNS answer).` };
  }
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isAllowedAddress(entry.address));
    if (refused) {
      return {
        ok: false,
        reason: `${host} is a private, loopback or reserved address (${refused.address}): webhooks go to public addresses only.`,
      };
    }
  }
  return { ok: true, url, pinned: addresses[0]! };
}
