import type { AuditEntry, AuditFilter } from '@deck-portal/domain';
import type { Services } from '../services.ts';
import { listAuditEntries } from './list-audit-entries.ts';

/** Rows read from the database at a time while the file is written. */
const rowsPerRead = 500;

const header = [
  'at',
  'actor_name',
  'actor_email',
  'action',
  'target_kind',
  'target_id',
  'target_label',
  'target_user_email',
  'old_value',
  'new_value',
  'address',
];

/**
 * A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. A text a
 * spreadsheet would run as a formula (a deck titled `=HYPERLINK(…)`) is kept as text by a leading
 * apostrophe.
 */
export function csvCell(value: string | null) {
  if (value === null) return '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: (string | null)[]) {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function cellsOf(entry: AuditEntry) {
  return [
    entry.at,
    entry.actor?.name ?? null,
    entry.actor?.email ?? null,
    entry.action,
    entry.target?.kind ?? null,
    entry.target?.id ?? null,
    entry.target?.label ?? null,
    entry.target?.userEmail ?? null,
    entry.oldValue,
    entry.newValue,
    entry.address,
  ];
}

/**
 * `GET /api/admin/audit.csv` (admins): every row the filter keeps, newest first, as a file a
 * spreadsheet opens as is (UTF-8 with a byte order mark, ISO times in UTC, CRLF lines), written a
 * few hundred rows at a time rather than read whole.
 */
export async function* auditCsv(services: Pick<Services, 'db'>, filter: AuditFilter) {
  yield `\uFEFF${csvLine(header)}`;
  let cursor: string | undefined;
  do {
    const page = await listAuditEntries(services, { filter, cursor, limit: rowsPerRead });
    yield page.entries.map((entry) => csvLine(cellsOf(entry))).join('');
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
