import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { apiErrorSchema } from '@deck-portal/domain';
import { foreignToRep, liveTokens, openTokens, visitToken } from './fixture-refs.ts';
import { accessOfMatchedRoute, isAllowed, toFastifyPath, type Caller } from './route-access.ts';
import { crossSiteOrigins, preview, type BuiltRequest, type RequestCase } from './request-cases.ts';
import type { RouteSpec } from './route-specs.ts';

/** What a response body or header may never hold: a stack, SQL, or the database driver's words. */
export const leakPatterns: [string, RegExp][] = [
  ['a stack frame', /(?:^|\n|\\n)\s*at\s+\S[^\n]*?:\d+:\d+/],
  ['a source position', /\.(?:[cm]?[jt]sx?):\d+/],
  ['a node_modules path', /node_modules/],
  ['a file URL', /file:\/\//],
  ['SQL (select … from)', /\bselect\s[^\n]{0,200}?\bfrom\s+["\w]/i],
  ['SQL (insert into)', /\binsert\s+into\b/i],
  ['SQL (update … set)', /\bupdate\s+"?\w+"?\s+set\b/i],
  ['SQL (delete from)', /\bdelete\s+from\b/i],
  ['a SQL syntax error', /syntax error at/i],
  ['a constraint violation', /\bviolates\b/i],
  ['a relation name', /\brelation\s+"/i],
  [
    'database driver wording',
    /PGlite|DrizzleQueryError|Failed query|invalid byte sequence|invalid input syntax|unsupported Unicode escape/i,
  ],
  [
    'a JavaScript error',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|URIError)\b|Maximum call stack|Cannot read propert/,
  ],
];

/** The first leak in `text`, named. */
export function findLeak(text: string): { what: string; excerpt: string } | undefined {
  for (const [what, pattern] of leakPatterns) {
    const match = pattern.exec(text);
    if (match) {
      const start = Math.max(0, match.index - 60);
      return { what, excerpt: text.slice(start, match.index + match[0].length + 60) };
    }
  }
  return undefined;
}

/** The shape every API error takes; anything else (a framework default, an HTML page) fails. */
export function errorShapeProblem(body: string, contentType: string | undefined) {
  if (!contentType?.startsWith('application/json')) {
    return `an error answered as ${contentType ?? 'no content type'}, not application/json`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'an error body that is not JSON';
  }
  const checked = apiErrorSchema.strict().safeParse(parsed);
  if (!checked.success) return 'an error body not shaped {"error":{"code","message"}}';
  const extra = Object.keys((parsed as { error: object }).error).filter(
    (key) => !['code', 'message', 'fields'].includes(key),
  );
  if (extra.length > 0) return `an error body with extra members: ${extra.join(', ')}`;
  return undefined;
}

type Response = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
};

/** The body as text, decompressed when the server compressed it. */
export function bodyText(response: Response): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  const raw = response.rawPayload;
  try {
    if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
    if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  } catch {
    return `<undecodable ${encoding} body>`;
  }
  return raw.toString('utf8');
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Every way the response is wrong for the request; empty when it is fine. `matchedRoute` is
 * the pattern fastify answered with (undefined when no route matched: a bad URL, a 404).
 */
export function judgeResponse(options: {
  spec: RouteSpec;
  c: RequestCase;
  request: BuiltRequest;
  response: Response;
  matchedRoute: string | undefined;
  /** Text only the admin's own deck holds; nobody else may be shown it. */
  foreignMarker: string;
}): string[] {
  const { spec, c, request, response, matchedRoute } = options;
  const problems: string[] = [];
  const status = response.statusCode;
  const text = bodyText(response);

  if (status >= 500) problems.push(`a server error (${status})`);

  const leak = findLeak(text);
  if (leak) problems.push(`a body that leaks ${leak.what}: ${preview(leak.excerpt, 200)}`);
  for (const [name, value] of Object.entries(response.headers)) {
    const headerLeak = findLeak(String(value));
    if (headerLeak) problems.push(`a ${name} header that leaks ${headerLeak.what}`);
  }

  if (status >= 400 && c.method !== 'HEAD') {
    const shape = errorShapeProblem(text, response.headers['content-type']?.toString());
    if (shape) problems.push(shape);
  }

  const polluted = (Object.prototype as Record<string, unknown>).isAdmin;
  if (polluted !== undefined) {
    delete (Object.prototype as Record<string, unknown>).isAdmin;
    problems.push('Object.prototype polluted with isAdmin');
  }

  if (c.caller !== 'admin' && !request.refs.includes('foreignLinkToken')) {
    if (text.includes(options.foreignMarker)) {
      problems.push(`another user's deck shown to ${c.caller}`);
    }
  }

  if (matchedRoute === undefined) return problems;
  const access = accessOfMatchedRoute(c.method, matchedRoute);
  if (access === undefined) {
    problems.push(`an answer from ${matchedRoute}, which the access table does not know`);
    return problems;
  }

  // The same-origin guard comes first, for every caller.
  if (stateChanging.has(c.method) && crossSiteOrigins.has(c.origin)) {
    if (status !== 403) problems.push(`${status} to a cross-site ${c.method} (want 403)`);
    return problems;
  }

  if (!isAllowed(access, c.caller)) {
    if (status !== 401 && status !== 403) {
      problems.push(
        `${status} to ${describeCaller(c.caller)} on a ${access} route ` +
          `(want the guard's refusal, 401 or 403, before anything else)`,
      );
    }
    return problems;
  }

  // Fixtures only mean something on the route they were meant for.
  if (matchedRoute !== toFastifyPath(spec.path) || !isSuccess(status)) return problems;
  if (c.caller === 'rep') {
    const foreign = request.refs.filter((name) => foreignToRep.has(name));
    if (foreign.length > 0) {
      problems.push(`${status} to the rep naming what is not theirs (${foreign.join(', ')})`);
    }
  }
  if (access === 'link' || access === 'link-before-passcode') {
    const token = request.paramRefs.token;
    const opening = access === 'link' ? openTokens : liveTokens;
    if (token === undefined || !opening.has(token)) {
      problems.push(`${status} with a token that opens nothing (${token ?? 'junk'})`);
    }
    const visit = request.paramRefs.visitId;
    if ('visitId' in request.paramRefs && (visit === undefined || visitToken[visit] !== token)) {
      problems.push(`${status} for a visit of another link (${visit ?? 'junk'} with ${token})`);
    }
  }
  return problems;
}

function describeCaller(caller: Caller) {
  return {
    anonymous: 'an anonymous caller',
    pending: 'a pending user',
    rep: 'a rep',
    admin: 'an admin',
  }[caller];
}
