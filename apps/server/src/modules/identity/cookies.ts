import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@paws/contracts/auth';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import type { FastifyReply } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { SessionTokens } from './sessions.ts';

/** The refresh token only travels to the identity service's auth calls. */
export const REFRESH_COOKIE_PATH = `${serviceBasePaths.identity}/auth`;

const base = (env: Env) => ({ httpOnly: true, secure: env.isProduction, sameSite: 'lax' as const });

export function setSessionCookies(reply: FastifyReply, env: Env, tokens: SessionTokens, now: Date) {
  const seconds = (until: Date) => Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  reply
    .setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, {
      ...base(env),
      path: '/',
      maxAge: seconds(tokens.accessExpiresAt),
    })
    .setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, {
      ...base(env),
      path: REFRESH_COOKIE_PATH,
      maxAge: seconds(tokens.refreshExpiresAt),
    })
    // Readable by the page: it tells the client a session may exist (see SESSION_HINT_COOKIE).
    .setCookie(SESSION_HINT_COOKIE, '1', {
      ...base(env),
      httpOnly: false,
      path: '/',
      maxAge: seconds(tokens.refreshExpiresAt),
    })
    .header('cache-control', 'no-store');
}

export function clearSessionCookies(reply: FastifyReply, env: Env) {
  reply
    .clearCookie(ACCESS_TOKEN_COOKIE, { ...base(env), path: '/' })
    .clearCookie(REFRESH_TOKEN_COOKIE, { ...base(env), path: REFRESH_COOKIE_PATH })
    .header('cache-control', 'no-store');
  clearSessionHint(reply, env);
}

/** Only the hint: a browser that still says "signed in" but brought no refresh token has no session. */
export function clearSessionHint(reply: FastifyReply, env: Env) {
  reply.clearCookie(SESSION_HINT_COOKIE, { ...base(env), httpOnly: false, path: '/' });
}
