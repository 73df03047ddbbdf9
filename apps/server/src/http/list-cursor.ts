import { isUuid } from '@deck-portal/domain';
import { AppError } from './app-error.ts';

// A position in a list read newest first, for keyset paging: the row's creation time (as the
// database writes it, to the microsecond) and its id, opaque to the caller.

/** The cursor of the row at `createdAt`, `id`. */
export function writeListCursor(createdAt: string, id: string) {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

const cursorTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * The position a cursor names; one this list did not answer is refused (400), naming the query
 * field it came in (`field`).
 */
export function readListCursor(cursor: string, field: string) {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !createdAt ||
    !cursorTime.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !id ||
    !isUuid(id)
  ) {
    throw new AppError(
      'validation_failed',
      'This list position is not valid. Start again from the first page.',
      { fields: { [field]: `${field} must be a cursor this list answered` } },
    );
  }
  return { createdAt, id };
}
