import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

/**
 * How deep a request's input may nest (objects and arrays inside each other). No body the API takes is
 * deeper than a few levels; the bound keeps a crafted one (thousands of `[`) away from every recursive
 * walk behind it (validation, serialisation, the jsonb of the audit log).
 */
export const MAX_INPUT_DEPTH = 64;

export const inputMessages = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must be well-formed Unicode text (no lone surrogate)',
  tooDeep: `must not nest objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`,
} as const;

export interface InputProblem {
  message: string;
  /** Dotted path of the offending field; undefined for the input as a whole. */
  field?: string;
}

const NUL = '\u0000';
/** ES2024 string methods (Node 20 has them; the compiler's lib here predates them). */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/** What is wrong with one string (a value or a key), if anything. */
function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return inputMessages.nul;
  if (!(text as Es2024String).isWellFormed()) return inputMessages.loneSurrogate;
  return undefined;
}

/** A key as it can be shown in a field path (NUL dropped, lone surrogates replaced). */
const shownKey = (key: string) => (key.replaceAll(NUL, '') as Es2024String).toWellFormed();
const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

/**
 * The first thing wrong with `value` as request input: objects or arrays nested deeper than `maxDepth`, or a
 * string (value or key) holding a NUL character or a lone UTF-16 surrogate. Neither can be stored in
 * PostgreSQL text or jsonb. Iterative, and it stops at the depth bound, so no input can overflow the stack.
 */
export function inputProblem(value: unknown, at = '', maxDepth = MAX_INPUT_DEPTH): InputProblem | undefined {
  return walk(value, at, maxDepth, textProblem);
}

function walk(
  value: unknown,
  at: string,
  maxDepth: number,
  textProblem: (text: string) => string | undefined,
): InputProblem | undefined {
  const pending: { value: unknown; at: string; depth: number }[] = [{ value, at, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { message, field: next.at || undefined };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return { message: inputMessages.tooDeep };
    const entries = Object.entries(current);
    // Pushed in reverse, so fields are looked at in the order they came.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      const message = textProblem(key);
      if (message) return { message, field: join(next.at, shownKey(key)) };
      pending.push({ value: inner, at: join(next.at, key), depth });
    }
  }
  return undefined;
}

/** Where in `value` a string holds a NUL character, as a dotted path below `at`; undefined if nowhere. */
export function nulPath(value: unknown, at: string): string | undefined {
  const problem = walk(value, at, Number.POSITIVE_INFINITY, (text) =>
    text.includes(NUL) ? inputMessages.nul : undefined,
  );
  return problem && (problem.field ?? at);
}

/**
 * Throws the 400 for the first problem among `parts`. Multipart fields, which the hooks below never see,
 * are checked with it where a route reads them.
 */
export function refuseBadInput(...parts: unknown[]) {
  for (const part of parts) {
    const problem = inputProblem(part);
    if (problem) throw badRequest(problem.message, problem.field);
  }
}

const checkBody: preValidationHookHandler = (request, _reply, done) => {
  try {
    refuseBadInput(request.body);
  } catch (error) {
    return done(error as Error);
  }
  done();
};

/** Fastify parses no body for GET and HEAD: a route answering only those has none to check. */
const takesBody = (route: RouteOptions) =>
  [route.method].flat().some((method) => !['GET', 'HEAD'].includes(method.toUpperCase()));

/**
 * One rule for malformed input, on every route, with a 400 `{ statusCode, message, field }` instead of a 500
 * deep inside: no NUL character and no lone UTF-16 surrogate in any string (PostgreSQL text and jsonb refuse
 * both), and no body nested deeper than MAX_INPUT_DEPTH.
 *
 * - Path parameters and the query string are checked on `onRequest`, before any hook of any route (the
 *   wallet's signature check looks its provider up by the path).
 * - The body is checked as the route's LAST preValidation hook (added to every route that takes a body as
 *   it is declared): after the route's own checks that must see the input first (the wallet's signature is
 *   its authentication, so unsigned junk stays a 401), before validation and everything after it.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    // A callback hook: it runs on every request, and almost every request passes (no promise for those).
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        refuseBadInput(request.params, request.query);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
    app.addHook('onRoute', (route) => {
      if (!takesBody(route)) return;
      const own = route.preValidation;
      route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), checkBody];
    });
  },
  { name: 'input-guard' },
);
