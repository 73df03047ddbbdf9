import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isAllowedAddress, type AddressPolicy } from './address-policy.ts';
import { sniffImage, type ImageKind } from './sniff-image.ts';

export interface FetchImageOptions extends AddressPolicy {
  /** Whole fetch, redirects included. Default 5 s. */
  timeoutMs?: number;
  /** Default 10 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
}

export type FetchImageResult =
  { ok: true; bytes: Buffer; kind: ImageKind } | { ok: false; reason: string };

export const IMAGE_FETCH_DEFAULTS = {
  timeoutMs: 5000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
};

class Refused extends Error {}

/** Resolves a host and refuses it unless every address it has is allowed. */
async function resolveAllowed(
  host: string,
  policy: AddressPolicy,
): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await dnsLookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new Refused(`cannot resolve ${host}`);
      });
  if (addresses.length === 0) throw new Refused(`cannot resolve ${host}`);
  for (const a of addresses) {
    if (!isAllowedAddress(a.address, policy)) {
      throw new Refused(`${host} resolves to a private or reserved address`);
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family };
}

interface Hop {
  status: number;
  location?: string;
  body?: Buffer;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: Required<FetchImageOptions>,
  signal: AbortSignal,
): Promise<Hop> {
  // Connect to the address we checked, not to whatever a second DNS answer says (rebinding).
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts && (opts as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(
        null,
        [pinned],
      );
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        signal,
        headers: { accept: 'image/*', 'user-agent': 'DeckPortal-ImageFetcher/1.0' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new Refused(`HTTP ${status}`));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new Refused(`larger than ${options.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new Refused(`larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/**
 * Fetches a picture for a deck with the guard the server needs against SSRF: http and https
 * only; the host resolved first and refused when any address is private, loopback, link-local
 * or otherwise not public (checked again on every redirect, and the connection pinned to the
 * checked address); 5 s for the whole fetch; 10 MB at most; PNG, JPEG, WebP, GIF or SVG by
 * content. Never throws: a refusal answers `{ ok: false, reason }`.
 */
export async function fetchImage(
  rawUrl: string,
  opts: FetchImageOptions = {},
): Promise<FetchImageResult> {
  const options: Required<FetchImageOptions> = {
    ...IMAGE_FETCH_DEFAULTS,
    allowLoopbackForTests: false,
    ...opts,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(rawUrl.trim());
    } catch {
      return { ok: false, reason: 'not a valid URL' };
    }
    for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { ok: false, reason: `${url.protocol.replace(':', '')} URLs are not allowed` };
      }
      if (url.username || url.password)
        return { ok: false, reason: 'URLs with credentials are not allowed' };
      const pinned = await resolveAllowed(url.hostname, options);
      const result = await requestOnce(url, pinned, options, controller.signal);
      if (result.location !== undefined) {
        url = new URL(result.location, url);
        continue;
      }
      const bytes = result.body ?? Buffer.alloc(0);
      const kind = sniffImage(bytes);
      if (!kind) return { ok: false, reason: 'not a PNG, JPEG, WebP, GIF or SVG picture' };
      return { ok: true, bytes, kind };
    }
    return { ok: false, reason: 'too many redirects' };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, reason: `timed out after ${options.timeoutMs} ms` };
    if (error instanceof Refused) return { ok: false, reason: error.message };
    return { ok: false, reason: error instanceof Error ? error.message : 'fetch failed' };
  } finally {
    clearTimeout(timer);
  }
}
