import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys in sorted order and no spaces: the one text a record hashes
 * to, whoever writes or checks it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
}

/** The fields of a `proposal_responses` row that its `record_sha256` covers. */
export type HashedRecord = {
  id: string;
  deckId: string;
  linkId: string | null;
  version: number;
  kind: 'accepted' | 'declined';
  fullName: string | null;
  jobTitle: string | null;
  reason: string | null;
  summary: unknown;
  termsText: string | null;
  pdfSha256: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** ISO 8601, to the millisecond. */
  createdAt: string;
  previousSha256: string | null;
};

/**
 * A record's SHA-256 over its canonical JSON, the previous record's hash included: each record
 * seals the one before it, so changing, removing or inserting a row breaks every hash after it.
 */
export function recordSha256(record: HashedRecord): string {
  return createHash('sha256').update(canonicalJson(record), 'utf8').digest('hex');
}
