/** The part of JSON Schema (as @fastify/swagger writes it from zod) the fuzzer reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

export type Components = Record<string, JsonSchema>;

/**
 * A value the schema accepts, as a starting point to mutate: with every optional property
 * (`full`) or with the required ones only. Fields whose valid values the schema cannot say
 * (slide ids, passwords strong enough) are then set from fixtures by the caller.
 */
export function sampleOf(
  schema: JsonSchema,
  options: { full: boolean; components?: Components },
): unknown {
  const resolved = resolve(schema, options.components);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum && resolved.enum.length > 0) return resolved.enum[0];
  const choice = resolved.anyOf ?? resolved.oneOf;
  if (choice) {
    const first = choice.find((option) => option.type !== 'null') ?? choice[0];
    return first ? sampleOf(first, options) : null;
  }
  if (resolved.allOf && resolved.allOf.length > 0) {
    return Object.assign({}, ...resolved.allOf.map((part) => sampleOf(part, options)));
  }
  const type = Array.isArray(resolved.type)
    ? resolved.type.find((t) => t !== 'null')
    : resolved.type;
  switch (type) {
    case 'object':
      return sampleObject(resolved, options);
    case 'array': {
      const count = Math.max(1, resolved.minItems ?? 0);
      return Array.from({ length: count }, () =>
        resolved.items ? sampleOf(resolved.items, options) : 'item',
      );
    }
    case 'integer':
    case 'number':
      return resolved.minimum !== undefined ? Math.max(resolved.minimum, 1) : 1;
    case 'boolean':
      return typeof resolved.default === 'boolean' ? resolved.default : true;
    case 'string':
      return sampleString(resolved);
    default:
      return resolved.properties ? sampleObject(resolved, options) : {};
  }
}

function sampleObject(schema: JsonSchema, options: { full: boolean; components?: Components }) {
  const value: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (options.full || required.has(key)) value[key] = sampleOf(property, options);
  }
  // A record (`additionalProperties: {schema}`) gets one entry, so its values are fuzzed too.
  if (options.full && typeof schema.additionalProperties === 'object') {
    const entry = sampleOf(schema.additionalProperties, options);
    if (Object.keys(value).length === 0) value.sample = entry;
  }
  return value;
}

function sampleString(schema: JsonSchema) {
  if (schema.format === 'email') return 'sample.person@example.com';
  if (schema.format === 'date-time') return '2027-06-01T09:00:00.000Z';
  if (schema.format === 'date') return '2027-06-01';
  if (schema.pattern?.includes('A-Za-z0-9_-')) return 'FuzzToken'.padEnd(43, 'x');
  return 'sample'.padEnd(schema.minLength ?? 0, 'x');
}

function resolve(schema: JsonSchema, components: Components | undefined): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  const target = components?.[name];
  if (!target) throw new Error(`The OpenAPI document names a missing schema: ${schema.$ref}`);
  return resolve(target, components);
}

export type JsonPath = (string | number)[];

/** Every position in a JSON-like value (the root included), parents before children. */
export function pathsIn(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const paths: JsonPath[] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsIn(item, [...prefix, index])));
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value))
      paths.push(...pathsIn(child, [...prefix, key]));
  }
  return paths;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

export function valueAt(value: unknown, path: JsonPath): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** Sets `path` in `target` (mutating it) when its parent exists; reports whether it did. */
export function setAt(target: unknown, path: JsonPath, value: unknown): boolean {
  if (path.length === 0) return false;
  const parent = valueAt(target, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return false;
  defineOwn(parent as Record<string | number, unknown>, path[path.length - 1]!, value);
  return true;
}

/** Removes `path` from `target` (mutating it): a key from an object, an item from an array. */
export function removeAt(target: unknown, path: JsonPath) {
  const parent = valueAt(target, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (parent !== null && typeof parent === 'object' && key !== undefined) {
    delete (parent as Record<string | number, unknown>)[key];
  }
}

/** An own, enumerable property even for `__proto__` (an assignment would set the prototype). */
export function defineOwn(
  target: Record<string | number, unknown>,
  key: string | number,
  value: unknown,
) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A deep copy of a JSON-like tree; leaves that are class instances (refs) are shared. */
export function cloneTree<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneTree) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) defineOwn(copy, key, cloneTree(child));
    return copy as T;
  }
  return value;
}
