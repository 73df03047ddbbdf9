import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { Ref, refFamilies, type RefName } from './fixture-refs.ts';
import {
  badBodies,
  contentTypes,
  encodeText,
  extraKeys,
  headerValueOf,
  hugeCharacters,
  hugeLengths,
  jsonFragments,
  nastyTexts,
  rawQueries,
  rawSegments,
  textOf,
  type BadBodyName,
  type ContentTypeName,
  type JsonFragmentName,
  type NastyTextName,
  type Text,
} from './nasty-values.ts';
import type { Caller } from './route-access.ts';
import type { PathParamSpec, RouteSpec } from './route-specs.ts';
import {
  cloneTree,
  defineOwn,
  isPlainObject,
  pathsIn,
  removeAt,
  setAt,
  valueAt,
  type JsonPath,
} from './schema-sample.ts';

/** A value put into a body: a text, a JSON fragment, the field wrapped in an array, a fixture. */
export type BodyValue =
  | Text
  | { kind: 'json'; name: JsonFragmentName }
  | { kind: 'wrapInArray' }
  | { kind: 'ref'; ref: Ref };

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'valid'; base: number }
  | { kind: 'set'; base: number; path: JsonPath; value: BodyValue }
  | { kind: 'remove'; base: number; path: JsonPath }
  | { kind: 'extra'; base: number; path: JsonPath; key: Text; value: BodyValue }
  | { kind: 'raw'; name: BadBodyName };

export type ParamCase =
  { kind: 'ref'; ref: Ref } | { kind: 'text'; text: Text } | { kind: 'raw'; raw: string };

export type QueryCase =
  | { kind: 'base' }
  | { kind: 'set'; name: string; value: Text | { kind: 'ref'; ref: Ref } }
  | { kind: 'remove'; name: string }
  | { kind: 'extra'; name: Text; value: Text }
  | { kind: 'repeat'; name: string }
  | { kind: 'raw'; raw: string };

export type HeaderCase = { kind: 'base' } | { kind: 'absent' } | { kind: 'text'; text: Text };

/** How the caller's cookie is sent: its session, or for the anonymous caller, junk. */
export type CookieCase = 'session' | 'none' | 'garbage' | 'stale' | 'long';

/** Same-origin as a browser says it (Origin or Sec-Fetch-Site), none at all, or cross-site. */
export type OriginCase =
  'same' | 'none' | 'fetch-same-origin' | 'cross-site' | 'null' | 'fetch-cross-site';
export const crossSiteOrigins: ReadonlySet<OriginCase> = new Set<OriginCase>([
  'cross-site',
  'null',
  'fetch-cross-site',
]);

export type RequestCase = {
  caller: Caller;
  cookie: CookieCase;
  method: string;
  origin: OriginCase;
  params: Record<string, ParamCase>;
  query: QueryCase;
  headers: Record<string, HeaderCase>;
  body: BodyCase;
  contentType: ContentTypeName;
  acceptEncoding: 'none' | 'gzip' | 'br' | 'gzip, deflate, br';
  /** The last two bytes of a 10.77.x.y client address, so throttles per address rarely bite. */
  ip: number;
};

const nastyTextArb: fc.Arbitrary<Text> = fc
  .constantFrom(...(Object.keys(nastyTexts) as NastyTextName[]))
  .map((name) => ({ kind: 'nasty', name }));
const hugeTextArb: fc.Arbitrary<Text> = fc
  .record({ length: fc.constantFrom(...hugeLengths), char: fc.constantFrom(...hugeCharacters) })
  .map(({ length, char }) => ({ kind: 'huge', length, char }));
/** Any UTF-16 code units, lone surrogates included. */
const randomTextArb: fc.Arbitrary<Text> = fc
  .string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    maxLength: 24,
  })
  .map((value) => ({ kind: 'literal', value }));

export const textArb: fc.Arbitrary<Text> = fc.oneof(
  { weight: 8, arbitrary: nastyTextArb },
  { weight: 1, arbitrary: hugeTextArb },
  { weight: 2, arbitrary: randomTextArb },
);
/** Texts short enough to be keys. */
const keyArb: fc.Arbitrary<Text> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...extraKeys).map((value) => literal(value)) },
  { weight: 1, arbitrary: nastyTextArb },
);

function literal(value: string): Text {
  return { kind: 'literal', value };
}

const jsonFragmentArb: fc.Arbitrary<BodyValue> = fc
  .constantFrom(...(Object.keys(jsonFragments) as JsonFragmentName[]))
  .map((name) => ({ kind: 'json', name }));

function refSwapArb(node: Ref): fc.Arbitrary<BodyValue> {
  return fc
    .constantFrom(...refFamilies[node.family])
    .map((name) => ({ kind: 'ref', ref: new Ref(node.family, name) }));
}

function bodyValueArb(node: unknown): fc.Arbitrary<BodyValue> {
  const values: fc.WeightedArbitrary<BodyValue>[] = [
    { weight: 5, arbitrary: textArb },
    { weight: 4, arbitrary: jsonFragmentArb },
    { weight: 1, arbitrary: fc.constant({ kind: 'wrapInArray' } as const) },
  ];
  if (node instanceof Ref) values.push({ weight: 6, arbitrary: refSwapArb(node) });
  return fc.oneof(...values);
}

function bodyCaseArb(bases: unknown[] | undefined): fc.Arbitrary<BodyCase> {
  const hasBody = bases !== undefined;
  // A route without a body still gets one now and then, for the parsers it should never reach.
  const effective = bases ?? [{}];
  const positions = effective.flatMap((base, index) =>
    pathsIn(base).map((path) => ({ base: index, path })),
  );
  const fields = positions.filter((p) => p.path.length > 0);
  const objects = positions.filter((p) => isPlainObject(valueAt(effective[p.base], p.path)));
  const cases: fc.WeightedArbitrary<BodyCase>[] = [
    { weight: hasBody ? 1 : 24, arbitrary: fc.constant({ kind: 'none' } as const) },
    { weight: hasBody ? 3 : 1, arbitrary: fc.constantFrom(...bodyRawNames).map(raw) },
    {
      weight: hasBody ? 9 : 1,
      arbitrary: fc.constantFrom(...positions).chain(({ base, path }) =>
        bodyValueArb(valueAt(effective[base], path)).map((value): BodyCase => ({
          kind: 'set',
          base,
          path,
          value,
        })),
      ),
    },
    {
      weight: hasBody ? 2 : 1,
      arbitrary: fc
        .record({ at: fc.constantFrom(...objects), key: keyArb, value: bodyValueArb(undefined) })
        .map(({ at, key, value }): BodyCase => ({ kind: 'extra', ...at, key, value })),
    },
  ];
  if (hasBody) {
    cases.push({
      weight: 2,
      arbitrary: fc.integer({ min: 0, max: effective.length - 1 }).map((base) => ({
        kind: 'valid' as const,
        base,
      })),
    });
  }
  if (hasBody && fields.length > 0) {
    cases.push({
      weight: 2,
      arbitrary: fc.constantFrom(...fields).map((at): BodyCase => ({ kind: 'remove', ...at })),
    });
  }
  return fc.oneof(...cases);
}

const bodyRawNames = Object.keys(badBodies) as BadBodyName[];
const raw = (name: BadBodyName): BodyCase => ({ kind: 'raw', name });

function paramArb(param: PathParamSpec): fc.Arbitrary<ParamCase> {
  const cases: fc.WeightedArbitrary<ParamCase>[] = [
    { weight: 4, arbitrary: textArb.map((text) => ({ kind: 'text' as const, text })) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments).map((r) => ({ kind: 'raw', raw: r })) },
  ];
  const family = param.family;
  if (family) {
    cases.push({
      weight: 6,
      arbitrary: fc
        .constantFrom(...refFamilies[family])
        .map((name) => ({ kind: 'ref', ref: new Ref(family, name) })),
    });
  }
  if (param.literals.length > 0) {
    cases.push({
      weight: 4,
      arbitrary: fc
        .constantFrom(...param.literals)
        .map((value) => ({ kind: 'text', text: literal(value) })),
    });
  }
  return fc.oneof(...cases);
}

function queryCaseArb(base: Record<string, string | Ref>): fc.Arbitrary<QueryCase> {
  const names = Object.keys(base);
  const cases: fc.WeightedArbitrary<QueryCase>[] = [
    { weight: names.length > 0 ? 2 : 12, arbitrary: fc.constant({ kind: 'base' } as const) },
    {
      weight: 1,
      arbitrary: fc
        .record({ name: keyArb, value: textArb })
        .map(({ name, value }) => ({ kind: 'extra', name, value })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueries).map((r) => ({ kind: 'raw', raw: r })) },
  ];
  if (names.length > 0) {
    cases.push(
      {
        weight: 5,
        arbitrary: fc.constantFrom(...names).chain((name) => {
          const node = base[name];
          const values: fc.Arbitrary<Text | { kind: 'ref'; ref: Ref }>[] = [textArb];
          if (node instanceof Ref) {
            values.push(
              fc
                .constantFrom(...refFamilies[node.family])
                .map((n) => ({ kind: 'ref' as const, ref: new Ref(node.family, n) })),
            );
          }
          return fc.oneof(...values).map((value) => ({ kind: 'set' as const, name, value }));
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom(...names).map((name) => ({ kind: 'remove', name })) },
      { weight: 1, arbitrary: fc.constantFrom(...names).map((name) => ({ kind: 'repeat', name })) },
    );
  }
  return fc.oneof(...cases);
}

function headerCaseArb(): fc.Arbitrary<HeaderCase> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'absent' } as const) },
    { weight: 3, arbitrary: fc.constant({ kind: 'base' } as const) },
    { weight: 3, arbitrary: textArb.map((text) => ({ kind: 'text' as const, text })) },
  );
}

function weighted<T>(choices: [T, number][]): fc.Arbitrary<T> {
  return fc.oneof(...choices.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));
}

/** Every request the fuzzer may send to one route as one caller. */
export function requestCaseArbitrary(spec: RouteSpec, caller: Caller): fc.Arbitrary<RequestCase> {
  const methods: [string, number][] = [[spec.method, 9]];
  if (spec.method === 'GET') methods.push(['HEAD', 1]);
  return fc.record({
    caller: fc.constant(caller),
    cookie:
      caller === 'anonymous'
        ? weighted<CookieCase>([
            ['none', 6],
            ['garbage', 1],
            ['stale', 1],
            ['long', 1],
          ])
        : fc.constant<CookieCase>('session'),
    method: weighted(methods),
    // Mostly same-origin, so requests reach the handlers; sometimes the guard is what is tested.
    origin: weighted<OriginCase>([
      ['same', 14],
      ['none', 2],
      ['fetch-same-origin', 1],
      ['cross-site', 1],
      ['null', 1],
      ['fetch-cross-site', 1],
    ]),
    params: fc.record(
      Object.fromEntries(spec.pathParams.map((param) => [param.name, paramArb(param)])),
    ),
    query: queryCaseArb(spec.queryBase),
    headers: fc.record(
      Object.fromEntries(Object.keys(spec.headerBase).map((name) => [name, headerCaseArb()])),
    ),
    body: bodyCaseArb(spec.bodyBases),
    contentType: fc.oneof(
      { weight: 14, arbitrary: fc.constant<ContentTypeName>('json') },
      {
        weight: 6,
        arbitrary: fc.constantFrom(...(Object.keys(contentTypes) as ContentTypeName[])),
      },
    ),
    acceptEncoding: weighted<RequestCase['acceptEncoding']>([
      ['none', 6],
      ['gzip', 1],
      ['br', 1],
      ['gzip, deflate, br', 1],
    ]),
    ip: fc.integer({ min: 1, max: 65_000 }),
  });
}

/** Texts every string field, query and path parameter gets once in the sweep. */
const sweepTexts: Text[] = [
  { kind: 'nasty', name: 'nul' },
  { kind: 'nasty', name: 'loneHighSurrogate' },
  // Plain text that passes every text check, so it reaches the database as it is.
  { kind: 'nasty', name: 'sqlQuote' },
];
/** Wrong types, one per non-string field in turn. */
const sweepWrongTypes: BodyValue[] = (
  ['true', 'emptyObject', 'deepArrays', 'numericString', 'null', 'protoKey'] as const
).map((name) => ({ kind: 'json', name }));

/**
 * The deterministic part of a run: a valid request, then every field, query and path parameter
 * mutated on its own (NUL, a lone surrogate and plain SQL-ish text in every string, a wrong type
 * in every other field). Random cases follow; the sweep makes sure a small CI run still reaches
 * every field at least once.
 */
export function sweepCases(spec: RouteSpec, caller: Caller): RequestCase[] {
  const valid: RequestCase = {
    caller,
    cookie: caller === 'anonymous' ? 'none' : 'session',
    method: spec.method,
    origin: 'same',
    params: Object.fromEntries(
      spec.pathParams.map((param): [string, ParamCase] => [
        param.name,
        param.family
          ? { kind: 'ref', ref: new Ref(param.family, refFamilies[param.family][0]) }
          : { kind: 'text', text: literal(param.literals[0] ?? 'x') },
      ]),
    ),
    query: { kind: 'base' },
    headers: Object.fromEntries(
      Object.keys(spec.headerBase).map((name) => [name, { kind: 'base' }]),
    ),
    body: spec.bodyBases ? { kind: 'valid', base: 0 } : { kind: 'none' },
    contentType: 'json',
    acceptEncoding: 'none',
    ip: 1,
  };
  const cases: RequestCase[] = [valid];
  const variant = (change: Partial<RequestCase>) => {
    cases.push({ ...valid, ...change, ip: cases.length + 1 });
  };
  // Every field of the fullest body.
  const base = spec.bodyBases?.length ?? 0;
  const body = spec.bodyBases?.[base - 1];
  let wrongType = 0;
  for (const path of body === undefined ? [] : pathsIn(body).slice(1)) {
    const node = valueAt(body, path);
    const values =
      typeof node === 'string' || node instanceof Ref
        ? sweepTexts
        : [sweepWrongTypes[wrongType++ % sweepWrongTypes.length]!];
    for (const value of values) variant({ body: { kind: 'set', base: base - 1, path, value } });
  }
  for (const name of Object.keys(spec.queryBase)) {
    for (const value of sweepTexts) variant({ query: { kind: 'set', name, value } });
  }
  for (const name of Object.keys(spec.headerBase)) {
    variant({
      headers: {
        ...valid.headers,
        [name]: { kind: 'text', text: { kind: 'nasty', name: 'long10k' } },
      },
    });
  }
  // Path parameters last: a bad one can be refused by the router before anything is read.
  for (const param of spec.pathParams) {
    for (const text of sweepTexts) {
      variant({ params: { ...valid.params, [param.name]: { kind: 'text', text } } });
    }
  }
  return cases;
}

/** What the judge needs to know of a request besides the response. */
export type BuiltRequest = {
  inject: InjectOptions & { method: string; url: string; headers: Record<string, string> };
  /** The fixture each path parameter named, if any. */
  paramRefs: Record<string, RefName | undefined>;
  /** Every fixture the request names (path, query, body). */
  refs: RefName[];
  summary: string;
};

export type RequestContext = {
  publicUrl: string;
  resolve(ref: Ref): string;
  cookieFor(caller: Caller, cookie: CookieCase): string | undefined;
};

/** Turns a generated case into the request itself. */
export function buildRequest(
  spec: RouteSpec,
  c: RequestCase,
  context: RequestContext,
): BuiltRequest {
  const refs: RefName[] = [];
  const paramRefs: Record<string, RefName | undefined> = {};
  const resolveRef = (r: Ref) => {
    refs.push(r.name);
    return context.resolve(r);
  };

  let path = spec.path;
  for (const param of spec.pathParams) {
    const value = c.params[param.name]!;
    paramRefs[param.name] = value.kind === 'ref' ? value.ref.name : undefined;
    const segment =
      value.kind === 'ref'
        ? encodeURIComponent(resolveRef(value.ref))
        : value.kind === 'text'
          ? encodeText(textOf(value.text))
          : value.raw;
    path = path.replace(`{${param.name}}`, () => segment);
  }

  const query = buildQuery(spec.queryBase, c.query, resolveRef);
  const url = query === '' ? path : `${path}?${query}`;

  const headers: Record<string, string> = {};
  const cookie = context.cookieFor(c.caller, c.cookie);
  if (cookie) headers.cookie = cookie;
  if (c.origin === 'same') headers.origin = context.publicUrl;
  if (c.origin === 'cross-site') headers.origin = 'https://attacker.example';
  if (c.origin === 'null') headers.origin = 'null';
  if (c.origin === 'fetch-same-origin') headers['sec-fetch-site'] = 'same-origin';
  if (c.origin === 'fetch-cross-site') headers['sec-fetch-site'] = 'cross-site';
  if (c.acceptEncoding !== 'none') headers['accept-encoding'] = c.acceptEncoding;
  for (const [name, header] of Object.entries(c.headers)) {
    if (header.kind === 'base') headers[name] = spec.headerBase[name]!;
    if (header.kind === 'text') headers[name] = headerValueOf(textOf(header.text));
  }

  const payload = buildBody(spec.bodyBases ?? [{}], c.body, resolveRef);
  const contentType = contentTypes[c.contentType];
  if (payload !== undefined && contentType !== undefined) headers['content-type'] = contentType;

  const inject = {
    method: c.method,
    url,
    headers,
    remoteAddress: `10.77.${c.ip >> 8}.${c.ip & 255}`,
    ...(payload !== undefined ? { payload } : {}),
  } as BuiltRequest['inject'];
  return { inject, paramRefs, refs, summary: summarize(c, inject, headers, payload) };
}

function buildQuery(
  base: Record<string, string | Ref>,
  q: QueryCase,
  resolveRef: (r: Ref) => string,
): string {
  if (q.kind === 'raw') return q.raw;
  const entries: [string, string][] = Object.entries(base).map(([name, value]) => [
    name,
    value instanceof Ref ? resolveRef(value) : value,
  ]);
  const encode = (list: [string, string][]) =>
    list.map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`).join('&');
  switch (q.kind) {
    case 'base':
      return encode(entries);
    case 'set':
      return encode(
        entries.map(([name, value]) => [
          name,
          name !== q.name
            ? value
            : q.value.kind === 'ref'
              ? resolveRef(q.value.ref)
              : textOf(q.value),
        ]),
      );
    case 'remove':
      return encode(entries.filter(([name]) => name !== q.name));
    case 'extra':
      return encode([...entries, [textOf(q.name), textOf(q.value)]]);
    case 'repeat':
      return encode([...entries, ...entries.filter(([name]) => name === q.name)]);
  }
}

/** A JSON fragment kept as text through serialisation. */
class RawJson {
  constructor(readonly text: string) {}
}

function buildBody(
  bases: unknown[],
  body: BodyCase,
  resolveRef: (r: Ref) => string,
): string | Buffer | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'raw':
      return badBodies[body.name];
    case 'valid':
      return toJsonText(cloneTree(bases[body.base]), resolveRef);
    case 'set': {
      const tree = cloneTree(bases[body.base]);
      const value = materialize(body.value, valueAt(tree, body.path));
      if (body.path.length === 0) return toJsonText(value, resolveRef);
      setAt(tree, body.path, value);
      return toJsonText(tree, resolveRef);
    }
    case 'remove': {
      const tree = cloneTree(bases[body.base]);
      removeAt(tree, body.path);
      return toJsonText(tree, resolveRef);
    }
    case 'extra': {
      const tree = cloneTree(bases[body.base]);
      const target = valueAt(tree, body.path) as Record<string, unknown>;
      defineOwn(target, textOf(body.key), materialize(body.value, undefined));
      return toJsonText(tree, resolveRef);
    }
  }
}

function materialize(value: BodyValue, current: unknown): unknown {
  switch (value.kind) {
    case 'json':
      return new RawJson(jsonFragments[value.name]);
    case 'wrapInArray':
      return [current ?? null];
    case 'ref':
      return value.ref;
    default:
      return textOf(value);
  }
}

/** JSON text of a tree holding refs (resolved now) and raw fragments (written as they are). */
function toJsonText(value: unknown, resolveRef: (r: Ref) => string): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Ref) return JSON.stringify(resolveRef(value));
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v, resolveRef)).join(',')}]`;
  if (isPlainObject(value)) {
    const members = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText(value[key], resolveRef)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Shows a string with its invisible characters escaped, cut to `max` characters. */
export function preview(text: string, max = 300): string {
  const cut = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return JSON.stringify(cut);
}

function summarize(
  c: RequestCase,
  inject: BuiltRequest['inject'],
  sent: Record<string, string>,
  payload: string | Buffer | undefined,
) {
  const headers = { ...sent };
  if (headers.cookie)
    headers.cookie = c.cookie === 'session' ? `<${c.caller}'s session>` : `<${c.cookie} cookie>`;
  const shownHeaders = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      value.length > 120 ? preview(value, 120) : value,
    ]),
  );
  const body =
    payload === undefined
      ? 'none'
      : Buffer.isBuffer(payload)
        ? `bytes ${payload.toString('hex').slice(0, 120)}`
        : `(${Buffer.byteLength(payload)} bytes) ${preview(payload)}`;
  return [
    `as ${c.caller}: ${inject.method} ${preview(inject.url, 300)} from ${inject.remoteAddress}`,
    `headers: ${JSON.stringify(shownHeaders)}`,
    `body: ${body}`,
  ].join('\n');
}
