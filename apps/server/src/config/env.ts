import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { serverDir } from '../lib/server-dir.ts';
import { moduleNames } from '../modules/manifest.ts';

export const repoRoot = resolve(serverDir, '../..');

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/** What is wrong with a SERVICES list, if anything: 'all' or module names separated by commas. */
function servicesProblem(value: string): string | undefined {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return 'name at least one module, or all';
  const unknown = names.filter((n) => n !== 'all' && !(moduleNames as readonly string[]).includes(n));
  if (unknown.length > 0) return `unknown module ${unknown.join(', ')} (modules: ${moduleNames.join(', ')})`;
  return undefined;
}

/** 'true' or 'false'; unset takes the environment's default (see parseEnv). */
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

const DEVELOPMENT_STUDIO_WALLET_SECRET = 'development-studio-wallet-secret-change-me-0123456789';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  LANDING_PORT: port.default(3000),
  PLATFORM_PORT: port.default(3001),
  /** The staff console's own origin (the back office). */
  BACKOFFICE_PORT: port.default(3002),
  /** Public addresses of the three faces; default to localhost with the ports above. */
  LANDING_URL: optionalUrl,
  PLATFORM_URL: optionalUrl,
  BACKOFFICE_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  /** PostgreSQL connections per process; past about twice the database's cores more only adds contention. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  DATA_DIR: z.string().min(1).default('data'),
  REDIS_URL: optionalUrl,
  /**
   * What this deployment's Redis keys and channels start with (socket fan-out, rate limits). Default: derived
   * from the database, so the processes of one deployment share them and two deployments sharing one Redis
   * never hear each other.
   */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" or "-", at most 64')
    .optional(),
  SMTP_URL: optionalUrl,
  /** Operator origin the studio calls the seamless wallet on (signed HTTP); unset: in process. */
  STUDIO_WALLET_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('PAWS <no-reply@paws.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Signs cookies and tokens. Must be set (32+ characters) in production. */
  SECRET: z.string().min(32).default('development-secret-change-me-in-production-0123456789'),
  /** What our studio signs its seamless-wallet calls with (shared by the studio's and the wallet's processes). */
  STUDIO_WALLET_SECRET: z.string().min(32).default(DEVELOPMENT_STUDIO_WALLET_SECRET),
  /** Comma-separated modules to run in this process; default all. */
  SERVICES: z
    .string()
    .default('all')
    .refine((value) => servicesProblem(value) === undefined, {
      error: (issue) => servicesProblem(String(issue.input)) ?? 'invalid',
    }),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges, e.g. 10.0.0.0/8).
   * Default none: the client address is the connection's, so nobody resets per-IP limits with a forged header.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'list IP addresses or CIDR ranges' }),
      ),
    ),
  /**
   * How old an interrupted money operation (a debit with no round, an unpaid win, a deposit left PENDING)
   * must be before recovery finishes or undoes it: longer than any request takes.
   */
  MONEY_RECOVERY_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Multiplies the per-IP rate limits of sign-in calls (per-account limits stay); for test rigs behind one IP. */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** How many seconds a minute of a reality check's interval lasts: 60; test rigs shorten it to see one come. */
  REALITY_CHECK_MINUTE_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** Seed the demo data at start; default true except in production. */
  SEED: flag,
  /** The built-in sandbox payment provider (deposits with no money behind them); default true except in production. */
  PAYMENTS_SANDBOX: flag,
  /** The built-in sandbox identity verification (the player approves themselves); default true except in production. */
  KYC_SANDBOX: flag,
  /**
   * The national self-exclusion register asked at sign-up and sign-in (GAMSTOP's API v2 shape); unset asks
   * the built-in sandbox register. Set with SELF_EXCLUSION_REGISTER_KEY.
   */
  SELF_EXCLUSION_REGISTER_URL: optionalUrl,
  /** The operator's key for that register (sent as X-API-Key). */
  SELF_EXCLUSION_REGISTER_KEY: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
});

export type Env = ReturnType<typeof parseEnv>;

export class EnvError extends Error {}

/** Parses and completes the environment. Throws EnvError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new EnvError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production' && env.SECRET === envSchema.shape.SECRET.parse(undefined)) {
    throw new EnvError('Invalid environment variable SECRET: must be set to a private value in production');
  }
  if (env.NODE_ENV === 'production' && env.STUDIO_WALLET_SECRET === DEVELOPMENT_STUDIO_WALLET_SECRET) {
    throw new EnvError(
      'Invalid environment variable STUDIO_WALLET_SECRET: must be set to a private value in production',
    );
  }
  if (env.SELF_EXCLUSION_REGISTER_URL && !env.SELF_EXCLUSION_REGISTER_KEY) {
    throw new EnvError(
      'Invalid environment variable SELF_EXCLUSION_REGISTER_KEY: required with SELF_EXCLUSION_REGISTER_URL',
    );
  }
  if (env.SELF_EXCLUSION_REGISTER_KEY && !env.SELF_EXCLUSION_REGISTER_URL) {
    throw new EnvError(
      'Invalid environment variable SELF_EXCLUSION_REGISTER_URL: required with SELF_EXCLUSION_REGISTER_KEY',
    );
  }
  const demoDefault = env.NODE_ENV !== 'production';
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(repoRoot, env.DATA_DIR);
  return {
    ...env,
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX ?? deploymentPrefix(env.DATABASE_URL, dataDir),
    SEED: env.SEED ?? demoDefault,
    PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? demoDefault,
    KYC_SANDBOX: env.KYC_SANDBOX ?? demoDefault,
    LANDING_URL: trimSlash(env.LANDING_URL ?? `http://localhost:${env.LANDING_PORT}`),
    PLATFORM_URL: trimSlash(env.PLATFORM_URL ?? `http://localhost:${env.PLATFORM_PORT}`),
    BACKOFFICE_URL: trimSlash(env.BACKOFFICE_URL ?? `http://localhost:${env.BACKOFFICE_PORT}`),
    DATA_DIR: dataDir,
    isProduction: env.NODE_ENV === 'production',
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `paws:<database name>:<8 hex of where the database is>`: one deployment, one database. */
function deploymentPrefix(databaseUrl: string | undefined, dataDir: string) {
  const url = databaseUrl ? new URL(databaseUrl) : undefined;
  const where = url ? `${url.hostname}:${url.port || '5432'}${url.pathname}` : dataDir;
  const name = url ? url.pathname.slice(1).replace(/[^A-Za-z0-9_-]/g, '') || 'postgres' : 'embedded';
  return `paws:${name}:${createHash('sha256').update(where).digest('hex').slice(0, 8)}`;
}
