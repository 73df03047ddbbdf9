import type { Access, RouteKey } from './route-access.ts';
import { routeAccess } from './route-access.ts';
import {
  approvalRequestIds,
  currencyCodes,
  familyOfParam,
  languageTags,
  marketCodes,
  slideIndexes,
  versionNumbers,
  type Ref,
  type RefFamily,
} from './fixture-refs.ts';
import {
  cloneTree,
  pathsIn,
  sampleOf,
  setAt,
  valueAt,
  type Components,
  type JsonPath,
  type JsonSchema,
} from './schema-sample.ts';

/** The part of the OpenAPI document the fuzzer reads. */
export type OpenApiDocument = {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Components };
};
type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `METHOD /path` for every operation the document lists. */
export function documentedRouteKeys(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => httpMethods.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

export type PathParamSpec = { name: string; family: RefFamily | undefined; literals: string[] };

/** What the fuzzer knows of one route: from the document, the access table and the fixtures. */
export type RouteSpec = {
  key: RouteKey;
  method: string;
  path: string;
  access: Access;
  pathParams: PathParamSpec[];
  queryBase: Record<string, string | Ref>;
  headerBase: Record<string, string>;
  /** Valid-ish bodies to mutate (required fields only, and every field); none: no body. */
  bodyBases: unknown[] | undefined;
};

/** Values the schema cannot tell (real slide ids, strong passwords, fixtures), by route. */
export type KnownGoodInputs = {
  bodies: Partial<Record<RouteKey, Record<string, unknown>>>;
  queries: Partial<Record<RouteKey, Record<string, string | Ref>>>;
  headers: Partial<Record<RouteKey, Record<string, string>>>;
};

export function routeSpecOf(
  document: OpenApiDocument,
  key: RouteKey,
  knownGood: KnownGoodInputs,
): RouteSpec {
  const [method, path] = key.split(' ') as [string, string];
  const operation = document.paths?.[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`The OpenAPI document does not list ${key}`);
  const components = document.components?.schemas;
  const parameters = operation.parameters ?? [];

  const pathParams = parameters
    .filter((p) => p.in === 'path')
    .map((p) => ({
      name: p.name,
      family: familyOfParam(path, p.name),
      literals:
        p.name === 'index'
          ? slideIndexes
          : p.name === 'code'
            ? marketCodes
            : p.name === 'currency'
              ? currencyCodes
              : p.name === 'lang'
                ? languageTags
                : p.name === 'number'
                  ? versionNumbers
                  : p.name === 'requestId' ||
                      p.name === 'responseId' ||
                      // A PowerPoint file brought back to a deck: the fixtures bring none.
                      p.name === 'fileId' ||
                      // Webhooks, their deliveries and API tokens: the fixtures make none.
                      p.name === 'deliveryId' ||
                      (p.name === 'id' &&
                        (path.startsWith('/api/admin/webhooks/') ||
                          path.startsWith('/api/tokens/') ||
                          path.startsWith('/api/admin/tokens/'))) ||
                      // An outbox mail: the fixtures send none with files. A mail logo: none is published.
                      (p.name === 'id' &&
                        (path.startsWith('/api/admin/outbox/') ||
                          path.startsWith('/api/mail/logo/')))
                    ? approvalRequestIds
                    : [],
    }));

  const queryBase: Record<string, string | Ref> = {};
  for (const p of parameters.filter((p) => p.in === 'query')) {
    queryBase[p.name] =
      knownGood.queries[key]?.[p.name] ??
      String(sampleOf(p.schema ?? {}, { full: true, components }));
  }
  const headerBase: Record<string, string> = {};
  for (const p of parameters.filter((p) => p.in === 'header')) {
    headerBase[p.name] =
      knownGood.headers[key]?.[p.name] ??
      String(sampleOf(p.schema ?? {}, { full: true, components }));
  }

  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const bodyBases = bodySchema
    ? uniqueBases(
        [false, true].map((full) =>
          withKnownGood(sampleOf(bodySchema, { full, components }), knownGood.bodies[key] ?? {}),
        ),
      )
    : undefined;

  return {
    key,
    method,
    path,
    access: routeAccess[key],
    pathParams,
    queryBase,
    headerBase,
    bodyBases,
  };
}

/** Replaces sampled values with known-good ones where the sample has the field. */
function withKnownGood(sample: unknown, values: Record<string, unknown>) {
  const body = cloneTree(sample);
  for (const [dotted, value] of Object.entries(values)) {
    const path: JsonPath = dotted.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    if (valueAt(body, path) !== undefined) setAt(body, path, cloneTree(value));
  }
  return body;
}

function uniqueBases(bases: unknown[]) {
  const seen = new Set<string>();
  return bases.filter((base) => {
    const shape = pathsIn(base)
      .map((path) => path.join('.'))
      .join('|');
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}
