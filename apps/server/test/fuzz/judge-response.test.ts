import { describe, expect, it } from 'vitest';
import { badBodies, jsonFragments, nastyTexts } from './nasty-values.ts';
import { errorShapeProblem, findLeak } from './judge-response.ts';

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
