// What the server benchmarks send the portal, as its users would through the API: decks made
// through the job queue, pictures uploaded, PowerPoint files imported.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DeckDraft } from '@deck-portal/domain';
import type { BenchAccount } from './bench-server.ts';

/**
 * One deck, queued and made by the server's job worker; answers its id once it is made (the
 * request waits up to a minute, then the deck is followed until made).
 */
export async function generateDeck(base: string, account: BenchAccount, draft: DeckDraft) {
  const { presentationId } = await queuedAndMade(base, account, '/api/generate-slides', draft);
  return presentationId;
}

/** Modify → Generate: `draft` made the deck's next version by the job worker; answers its number. */
export async function makeVersion(
  base: string,
  account: BenchAccount,
  deckId: string,
  draft: DeckDraft,
) {
  const { version } = await queuedAndMade(base, account, `/api/decks/${deckId}/versions`, draft);
  return version;
}

/**
 * Posts a draft to be made, waiting up to a minute; still being made after that (a machine busy
 * with other work), it is followed until made. Fails when it failed.
 */
async function queuedAndMade(base: string, account: BenchAccount, path: string, draft: DeckDraft) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: account.cookie,
      origin: base,
      prefer: 'wait=60',
    },
    body: JSON.stringify(draft),
  });
  if (res.status !== 201 && res.status !== 202) {
    throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  }
  let state = (await res.json()) as { presentationId: string; status?: string; version?: number };
  while (res.status === 202 && state.status === 'generating') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const followed = await fetch(`${base}/api/decks/${state.presentationId}/generation`, {
      headers: { cookie: account.cookie },
    });
    state = (await followed.json()) as typeof state;
  }
  if (state.status === 'failed') throw new Error(`${path}: deck ${state.presentationId} failed`);
  return state;
}

/** A photo-like PNG just under the 10 MB upload limit: noise does not compress. */
export async function noisePhoto() {
  const side = 1800;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** `bytes` sent as a raw request body, as the browser sends a file; answers status and text. */
export async function postFile(
  base: string,
  path: string,
  account: BenchAccount,
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie: account.cookie, origin: base, 'content-type': type },
    body: bytes,
  });
  return { status: res.status, answer: await res.text() };
}

export const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Waits until an import's job has read its file (or given up on it); answers its state. */
export async function importSettled(base: string, account: BenchAccount, id: string) {
  for (;;) {
    const res = await fetch(`${base}/api/library/imports/${id}`, {
      headers: { cookie: account.cookie },
    });
    const { state } = (await res.json()) as { state: string };
    if (state !== 'reading') return state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
