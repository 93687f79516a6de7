import type { RuntimeConfig } from '@paws/contracts/runtime-config';

/*
 * Only the type comes from contracts: importing the zod schema would put zod into the entry chunk,
 * and this check runs before anything renders. The Record below makes the compiler flag a key added
 * to the contract and not checked here.
 */
const fieldTypes: Record<keyof RuntimeConfig, 'string' | 'boolean'> = {
  identityApiUrl: 'string',
  platformApiUrl: 'string',
  notificationsApiUrl: 'string',
  ticketsApiUrl: 'string',
  bonusesApiUrl: 'string',
  newsApiUrl: 'string',
  socketUrl: 'string',
  platformUrl: 'string',
  spaceUrl: 'string',
  isPlatform: 'boolean',
};

export type { RuntimeConfig };

export const RUNTIME_CONFIG_URL = '/config.json';

let current: RuntimeConfig | undefined;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) throw new Error('config.json: expected an object');
  const record = value as Record<string, unknown>;
  for (const [key, type] of Object.entries(fieldTypes)) {
    if (typeof record[key] !== type) throw new Error(`config.json: ${key} must be a ${type}`);
  }
  return Object.fromEntries(Object.keys(fieldTypes).map((key) => [key, record[key]])) as RuntimeConfig;
}

/** Fetches and keeps the runtime config. The app renders only after this resolves (see main.tsx). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = parseRuntimeConfig(await response.json());
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before loadRuntimeConfig() resolved');
  return current;
}

/** The config never changes after start, so the hook is a plain read; it exists so components do not reach into modules. */
export function useRuntimeConfig(): RuntimeConfig {
  return getRuntimeConfig();
}
