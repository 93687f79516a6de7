import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reportingPreloadErrors } from '@/lib/preload-error';
import { en, type Messages } from './locales/en';

export const languages = ['en', 'es', 'fr', 'it'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// English ships in the entry chunk (it is also the fallback); the others load on demand.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  es: reportingPreloadErrors(() => import('./locales/es').then((module) => module.es)),
  fr: reportingPreloadErrors(() => import('./locales/fr').then((module) => module.fr)),
  it: reportingPreloadErrors(() => import('./locales/it').then((module) => module.it)),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[language as keyof typeof loaders];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

export function readStoredLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

/** Resolves once the chosen language's strings are in, so the first render is already translated. */
export async function initI18n(language: Language = readStoredLanguage() ?? defaultLanguage): Promise<void> {
  if (i18next.isInitialized) {
    await i18next.changeLanguage(language);
    return;
  }
  i18next.on('languageChanged', syncDocumentLanguage);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: languages,
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  syncDocumentLanguage(i18next.language);
}

/** Switches the UI language and remembers the choice in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this visit only.
  }
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
