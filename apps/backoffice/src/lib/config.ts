import type { BackOfficeConfig } from '@paws/contracts/runtime-config';

let loaded: BackOfficeConfig | undefined;

/** The back office's /config.json, loaded once before the first render. */
export async function loadConfig(): Promise<BackOfficeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  loaded = (await response.json()) as BackOfficeConfig;
  return loaded;
}

export function config(): BackOfficeConfig {
  return (
    loaded ?? { face: 'backoffice', staffApiUrl: '/api/staff', platformUrl: '', spaceUrl: '', socketUrl: '' }
  );
}
