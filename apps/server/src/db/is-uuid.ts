const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in the URL are uuids; anything else cannot name a row (404, not a database error). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
