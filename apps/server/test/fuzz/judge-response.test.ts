import { describe, expect, it } from 'vitest';
import { badBodies, jsonFragments, nastyTexts } from './nasty-values.ts';
import { errorShapeProblem, findLeak, judgeResponse } from './judge-response.ts';
import type { BuiltRequest, RequestCase } from './request-cases.ts';
import { toFastifyPath, type Caller } from './route-access.ts';
import type { RouteSpec } from './route-specs.ts';

// The fuzzer is only as good as its judge: these show it catches what it must, and that the
// fuzzer's own inputs (echoed back in a deck title, say) never look like a leak.
describe('findLeak', () => {
  it.each([
    ['a stack trace', 'Error: boom\n    at handler (/srv/app/src/decks/deck-routes.ts:42:13)'],
    ['a JSON-escaped stack', '{"stack":"Error: x\\n    at Object.<anonymous> (file:///a.js:1:2)"}'],
    ['a source position', 'failed in generate-deck.ts:120'],
    ['a dependency path', '/app/node_modules/drizzle-orm/pg-core/session.js'],
    ['a select', 'Failed query: select "id", "title" from "decks" where "id" = $1'],
    ['an insert', 'insert into "decks" ("title") values ($1)'],
    ['an update', 'update "users" set "role" = $1'],
    ['a syntax error', 'syntax error at or near "FROM"'],
    ['a constraint', 'new row for relation "decks" violates check constraint "x"'],
    ['a driver error', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['a uuid cast', 'invalid input syntax for type uuid: "abc"'],
    ['a PGlite error', 'PGlite is closed'],
    ['a JavaScript error', "TypeError: Cannot read properties of undefined (reading 'id')"],
  ])('finds %s', (_what, text) => {
    expect(findLeak(text)).toBeDefined();
  });

  it.each([
    ['the portal’s own error wording', 'Select at least one slide. The deck title is required.'],
    ['a validation answer', 'Some fields are missing or invalid.'],
    ['an update notice', 'Your role was updated by an administrator.'],
    ['a date and time', 'Expires at 2027-06-01T09:00:00.000Z, viewed at 10:30:15'],
  ])('leaves alone %s', (_what, text) => {
    expect(findLeak(text)).toBeUndefined();
  });

  it('never mistakes the fuzzer’s own inputs for a leak', () => {
    const inputs = [
      ...Object.values(nastyTexts),
      ...Object.values(jsonFragments),
      ...Object.values(badBodies).map((body) => body.toString()),
    ];
    for (const input of inputs) expect(findLeak(input), input.slice(0, 80)).toBeUndefined();
  });
});

describe('errorShapeProblem', () => {
  const json = 'application/json; charset=utf-8';

  it('accepts the one error contract, with or without fields', () => {
    expect(errorShapeProblem('{"error":{"code":"not_found","message":"Not found."}}', json)).toBe(
      undefined,
    );
    expect(
      errorShapeProblem(
        '{"error":{"code":"validation_failed","message":"Invalid.","fields":{"email":"Required."}}}',
        json,
      ),
    ).toBeUndefined();
  });

  it.each([
    [
      "Fastify's default shape",
      '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"x","statusCode":400}',
      json,
    ],
    ['extra members', '{"error":{"code":"x","message":"y","stack":"z"}}', json],
    ['members beside error', '{"error":{"code":"x","message":"y"},"statusCode":400}', json],
    ['a body that is not JSON', '<html>Bad request</html>', json],
    ['an HTML answer', '{"error":{"code":"x","message":"y"}}', 'text/html'],
  ])('refuses %s', (_what, body, contentType) => {
    expect(errorShapeProblem(body, contentType)).toBeDefined();
  });
});

describe('judgeResponse, on who may call what', () => {
  const deckSpec: RouteSpec = {
    key: 'GET /api/decks/{id}',
    method: 'GET',
    path: '/api/decks/{id}',
    access: 'approved',
    pathParams: [{ name: 'id', family: 'deck', literals: [] }],
    queryBase: {},
    headerBase: {},
    bodyBases: undefined,
  };
  const viewSpec: RouteSpec = {
    ...deckSpec,
    key: 'GET /api/client-view/{token}',
    path: '/api/client-view/{token}',
    access: 'link',
    pathParams: [{ name: 'token', family: 'token', literals: [] }],
  };
  const caseFor = (caller: Caller, change: Partial<RequestCase> = {}): RequestCase => ({
    caller,
    cookie: caller === 'anonymous' ? 'none' : 'session',
    method: 'GET',
    origin: 'same',
    params: {},
    query: { kind: 'base' },
    headers: {},
    body: { kind: 'none' },
    contentType: 'json',
    acceptEncoding: 'none',
    ip: 1,
    ...change,
  });
  const judge = (
    spec: RouteSpec,
    c: RequestCase,
    status: number,
    paramRefs: BuiltRequest['paramRefs'],
  ) =>
    judgeResponse({
      spec,
      c,
      request: {
        inject: { method: c.method as BuiltRequest['inject']['method'], url: '/x', headers: {} },
        paramRefs,
        refs: Object.values(paramRefs).filter((name) => name !== undefined),
        summary: '',
      },
      response: {
        statusCode: status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        rawPayload: Buffer.from(
          status < 400 ? '{"ok":true}' : '{"error":{"code":"x","message":"y"}}',
        ),
      },
      matchedRoute: toFastifyPath(spec.path),
      foreignMarker: 'FOREIGN-MARKER',
    });

  it('refuses a 2xx, or a 400 before the 401, to a caller the table refuses', () => {
    expect(judge(deckSpec, caseFor('anonymous'), 200, { id: 'repDeck' })).toHaveLength(1);
    expect(judge(deckSpec, caseFor('pending'), 400, { id: undefined })).toHaveLength(1);
    expect(judge(deckSpec, caseFor('anonymous'), 401, { id: 'repDeck' })).toEqual([]);
    expect(judge(deckSpec, caseFor('pending'), 403, { id: 'repDeck' })).toEqual([]);
  });

  it('refuses a 2xx to the rep naming what is not theirs, not to the admin', () => {
    expect(judge(deckSpec, caseFor('rep'), 200, { id: 'foreignDeck' })).toHaveLength(1);
    expect(judge(deckSpec, caseFor('rep'), 200, { id: 'repDeck' })).toEqual([]);
    expect(judge(deckSpec, caseFor('admin'), 200, { id: 'foreignDeck' })).toEqual([]);
  });

  it('refuses a 2xx to a token that opens nothing', () => {
    expect(judge(viewSpec, caseFor('anonymous'), 200, { token: undefined })).toHaveLength(1);
    expect(judge(viewSpec, caseFor('anonymous'), 200, { token: 'revokedLinkToken' })).toHaveLength(
      1,
    );
    expect(judge(viewSpec, caseFor('anonymous'), 200, { token: 'repLinkToken' })).toEqual([]);
  });

  it('refuses anything but 403 to a cross-site request that would change something', () => {
    const signUp: RouteSpec = {
      ...deckSpec,
      key: 'POST /api/auth/sign-up',
      method: 'POST',
      path: '/api/auth/sign-up',
      access: 'public',
      pathParams: [],
    };
    const crossSite = caseFor('anonymous', { method: 'POST', origin: 'cross-site' });
    expect(judge(signUp, crossSite, 201, {})).toHaveLength(1);
    expect(judge(signUp, crossSite, 400, {})).toHaveLength(1);
    expect(judge(signUp, crossSite, 403, {})).toEqual([]);
  });

  it('finds a 5xx', () => {
    expect(judge(deckSpec, caseFor('admin'), 500, { id: 'repDeck' })).toHaveLength(1);
  });
});
