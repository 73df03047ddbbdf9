import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFuzzWorld, type FuzzWorld } from './fuzz-world.ts';
import { judgeResponse } from './judge-response.ts';
import {
  buildRequest,
  requestCaseArbitrary,
  sweepCases,
  type RequestCase,
} from './request-cases.ts';
import { callers, routeAccess, type Caller, type RouteKey } from './route-access.ts';
import { documentedRouteKeys, routeSpecOf } from './route-specs.ts';

/**
 * The route fuzzer (hardening issue): every documented route and method, as every caller, gets
 * generated bad requests. It fails on a 5xx, on a body or header that leaks a stack or SQL, on
 * an error not shaped `{"error":{"code","message"}}`, and on an answer other than the guard's
 * refusal to a caller who may not call the route (a 2xx above all).
 *
 * Each route and caller first gets a sweep (every field, query and path parameter mutated on
 * its own), then random cases. CI runs a fixed seed; `npm run fuzz` runs many more random
 * cases with a new seed. FUZZ_SEED and
 * FUZZ_RUNS override both (runs are per route and caller). A failure names the test to replay
 * with `-t`; fast-check's report gives the case's `path`, and FUZZ_PATH=<path> replays that
 * one case alone.
 *
 * Each caller has a file of its own (`route-fuzzer-<caller>.test.ts`), so that the four run on
 * as many workers as there are and none is left running alone at the end of a run; the first
 * also checks the catalogues.
 */
const baseSeed = Number(process.env.FUZZ_SEED ?? 20_261_102);
const runs = Number(process.env.FUZZ_RUNS ?? 25);
const testTimeout = Math.max(30_000, runs * 1_500);

/** One seed per test, from the base seed and the test's name, so a test replays on its own. */
function seedFor(name: string) {
  let hash = baseSeed | 0;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

class FuzzFailure extends Error {
  override name = 'FuzzFailure';
}

/**
 * The fuzzer's tests for one caller: every documented route as that caller, in a world of its
 * own; with `catalogues`, also the checks that every route has an access rule and real path
 * values.
 */
export function describeRouteFuzzer(caller: Caller, { catalogues = false } = {}) {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await createFuzzWorld();
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  describe('route fuzzer', () => {
    if (catalogues) {
      it('has a file for every caller', () => {
        const missing = callers.filter(
          (each) => !existsSync(new URL(`route-fuzzer-${each}.test.ts`, import.meta.url)),
        );
        expect(missing).toEqual([]);
      });

      it('knows the access rule of every documented route, and of no other', () => {
        const documented = documentedRouteKeys(world.document).sort();
        expect(documented).toEqual(Object.keys(routeAccess).sort());
      });

      it('has real values for every path parameter, so requests reach past the router', () => {
        const blind = (Object.keys(routeAccess) as RouteKey[]).flatMap((key) =>
          routeSpecOf(world.document, key, world.knownGood)
            .pathParams.filter((param) => !param.family && param.literals.length === 0)
            .map((param) => `${key} {${param.name}}`),
        );
        expect(blind).toEqual([]);
      });
    }

    for (const key of Object.keys(routeAccess) as RouteKey[]) {
      describe(key, () => {
        const name = `${key} as ${caller}`;
        it(`as ${caller}`, () => fuzzRoute(world, key, caller, seedFor(name)), testTimeout);
      });
    }
  });
}

async function fuzzRoute(world: FuzzWorld, key: RouteKey, caller: Caller, seed: number) {
  const spec = routeSpecOf(world.document, key, world.knownGood);
  await world.startTest();
  const property = fc.asyncProperty(
    // Unbiased: fast-check's bias towards "small" values would mostly pick the first entries
    // of the catalogues, which are no more likely to break anything than the last.
    fc.limitShrink(fc.noBias(requestCaseArbitrary(spec, caller)), 200),
    async (c: RequestCase) => {
      const request = buildRequest(spec, c, world.requestContext);
      const response = await world.app.inject(request.inject);
      const matchedRoute = world.matchedRoute(response);
      const problems = judgeResponse({
        spec,
        c,
        request,
        response,
        matchedRoute,
        foreignMarker: world.foreignMarker,
      });
      // A refused request changes nothing; one that succeeded (or broke) may have signed out,
      // demoted, deleted or revoked a fixture.
      const mayHaveChanged = response.statusCode < 400 || response.statusCode >= 500;
      if (c.method !== 'GET' && c.method !== 'HEAD' && mayHaveChanged) await world.restore();
      if (problems.length > 0) {
        throw new FuzzFailure(
          [
            `${key}: ${problems.join('; ')}`,
            request.summary,
            `answered ${response.statusCode} by ${matchedRoute ?? 'no route'}: ` +
              JSON.stringify(response.body.slice(0, 400)),
            `replay: FUZZ_SEED=${baseSeed} FUZZ_RUNS=${runs} npx vitest run --project server ` +
              `apps/server/test/fuzz -t "${key} as ${caller}"`,
          ].join('\n'),
        );
      }
    },
  );
  // The sweep runs first (fast-check's examples), then `runs` random cases.
  const examples = sweepCases(spec, caller).map((c): [RequestCase] => [c]);
  await fc.assert(property, {
    seed,
    numRuns: examples.length + runs,
    examples,
    path: process.env.FUZZ_PATH,
  });
}
