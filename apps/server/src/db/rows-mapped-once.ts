import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/** What Drizzle's prepared statements hold of a select's columns (the same in both drivers). */
type SelectedField = { path: string[]; field: unknown };
type PreparedInternals = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** How Drizzle decodes a selected field's values: the column's own mapping, or the SQL's. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field._.sql as unknown as { decoder: Decoder }).decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * Whether Drizzle could set one of the row's nested objects to null: the joins leave a table
 * nullable (a left join the joined table, a right join the tables before it, a full join both)
 * and the select gathers that table's columns in an object. Without the joins' map, which a
 * select always has, any nested column counts: nothing is known of its table.
 */
function mayNullifyObjects(
  fields: SelectedField[],
  notNullable: Record<string, boolean> | undefined,
) {
  return fields.some(
    ({ path, field }) =>
      path.length === 2 &&
      is(field, Column) &&
      (typeof notNullable !== 'object' || notNullable[getTableName(field.table)] !== true),
  );
}

/**
 * A prepared select whose rows are mapped as Drizzle maps them, from a plan worked out once:
 * Drizzle works out again, for every column of every row, what kind of field it is (an
 * `instanceof`, and for anything but a table's column a walk up its prototypes for each kind
 * tried) and which table an object's column is from. A row of the deck list cost ~7 µs to map
 * that way, most of a 20-deck page's CPU in `listDecks` on a cached answer (ADR 075).
 *
 * Rows keep their shape: nested objects, each column's own decoding (dates, JSON, `mapWith`),
 * nulls as null. Each field's decoder is taken when the statement is prepared: a `mapWith`
 * added to a shared SQL fragment later would not be seen (Drizzle reads it at every row).
 * A select whose joins leave a nested object's table nullable, which Drizzle may turn into
 * null, keeps Drizzle's mapping, as does a statement without columns (an update without
 * `returning`).
 */
export function rowsMappedOnce<P>(prepared: P): P {
  const internals = prepared as PreparedInternals;
  const { fields, joinsNotNullableMap } = internals;
  if (!Array.isArray(fields) || internals.customResultMapper !== undefined) return prepared;
  if (mayNullifyObjects(fields, joinsNotNullableMap)) return prepared;
  const columns = fields.map(({ path, field }) => ({
    objects: path.slice(0, -1),
    key: path.at(-1)!,
    decoder: decoderOf(field),
  }));
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i += 1) {
        const { objects, key, decoder } = columns[i]!;
        let node = result;
        for (const name of objects) node = (node[name] ??= {}) as Record<string, unknown>;
        const value = row[i];
        node[key] = value === null ? null : decoder.mapFromDriverValue(value);
      }
      return result;
    });
  return prepared;
}
