const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids of rows are uuids; anything else cannot name a row (404 or 400, never a database error). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
