import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/theme.css';
import './styles/base.css';
import { App } from '@/app/app';
import { StatusPanel } from '@/components/ui/status-panel';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { initI18n } from '@/lib/i18n/i18n';
import { installPreloadErrorReload } from '@/lib/preload-error';
import { linkPlatformManifest, registerPlatformServiceWorker } from '@/lib/pwa';
import { applyVibe, readStoredVibe } from '@/lib/vibe';

installPreloadErrorReload();
applyVibe(readStoredVibe());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The runtime config decides API addresses and which face (landing or platform) this is,
// so nothing renders before /config.json has answered. (The built page runs this once its stylesheets have
// loaded: scripts/vite-plugin-paint-first.ts.)
const i18nReady = initI18n().catch((error: unknown) => console.error(error));

Promise.all([loadRuntimeConfig(), i18nReady]).then(
  ([config]) => {
    linkPlatformManifest(config.isPlatform);
    void registerPlatformServiceWorker(config.isPlatform);
    // Under Preact the transition renders at once; what keeps the first render short is what it leaves for later
    // (lib/after-first-paint.tsx). The app shell in index.html stays painted meanwhile.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  },
  async (error: unknown) => {
    console.error(error);
    await i18nReady;
    root.render(
      <main className="container">
        <StatusPanel type="error" onRetry={() => window.location.reload()} />
      </main>,
    );
  },
);
