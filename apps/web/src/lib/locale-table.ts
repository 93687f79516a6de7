/**
 * Spec 000 §3: the locale table, 22 locales with time zone, date format, clock and country name.
 * Date formats use the tokens dd, MM, yyyy.
 */
export interface LocaleInfo {
  timeZone: string;
  dateFormat: string;
  hour12: boolean;
  country: string;
}

export const localeTable = {
  'en-US': { timeZone: 'America/New_York', dateFormat: 'MM/dd/yyyy', hour12: true, country: 'United States' },
  'en-GB': { timeZone: 'Europe/London', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'United Kingdom' },
  'en-AU': { timeZone: 'Australia/Sydney', dateFormat: 'dd/MM/yyyy', hour12: true, country: 'Australia' },
  'en-CA': { timeZone: 'America/Toronto', dateFormat: 'yyyy-MM-dd', hour12: true, country: 'Canada' },
  'en-IN': { timeZone: 'Asia/Kolkata', dateFormat: 'dd/MM/yyyy', hour12: true, country: 'India' },
  'es-ES': { timeZone: 'Europe/Madrid', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'Spain' },
  'es-MX': { timeZone: 'America/Mexico_City', dateFormat: 'dd/MM/yyyy', hour12: true, country: 'Mexico' },
  'fr-FR': { timeZone: 'Europe/Paris', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'France' },
  'fr-CA': { timeZone: 'America/Montreal', dateFormat: 'yyyy-MM-dd', hour12: false, country: 'Canada' },
  'it-IT': { timeZone: 'Europe/Rome', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'Italy' },
  'de-DE': { timeZone: 'Europe/Berlin', dateFormat: 'dd.MM.yyyy', hour12: false, country: 'Germany' },
  'pt-BR': { timeZone: 'America/Sao_Paulo', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'Brazil' },
  'pt-PT': { timeZone: 'Europe/Lisbon', dateFormat: 'dd/MM/yyyy', hour12: false, country: 'Portugal' },
  'nl-NL': { timeZone: 'Europe/Amsterdam', dateFormat: 'dd-MM-yyyy', hour12: false, country: 'Netherlands' },
  'pl-PL': { timeZone: 'Europe/Warsaw', dateFormat: 'dd.MM.yyyy', hour12: false, country: 'Poland' },
  'ru-RU': { timeZone: 'Europe/Moscow', dateFormat: 'dd.MM.yyyy', hour12: false, country: 'Russia' },
  'tr-TR': { timeZone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy', hour12: false, country: 'Turkey' },
  'ja-JP': { timeZone: 'Asia/Tokyo', dateFormat: 'yyyy/MM/dd', hour12: false, country: 'Japan' },
  'ko-KR': { timeZone: 'Asia/Seoul', dateFormat: 'yyyy.MM.dd', hour12: true, country: 'South Korea' },
  'zh-CN': { timeZone: 'Asia/Shanghai', dateFormat: 'yyyy/MM/dd', hour12: false, country: 'China' },
  'ar-SA': { timeZone: 'Asia/Riyadh', dateFormat: 'dd/MM/yyyy', hour12: true, country: 'Saudi Arabia' },
  'sv-SE': { timeZone: 'Europe/Stockholm', dateFormat: 'yyyy-MM-dd', hour12: false, country: 'Sweden' },
} as const satisfies Record<string, LocaleInfo>;

export type LocaleCode = keyof typeof localeTable;
export const defaultLocale: LocaleCode = 'en-US';

/** The app languages map to these locales; any other tag falls back to its language's first entry, then en-US. */
const languageLocales: Record<string, LocaleCode> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };

export function resolveLocale(tag: string | undefined): LocaleCode {
  if (!tag) return defaultLocale;
  if (tag in localeTable) return tag as LocaleCode;
  const language = tag.split('-')[0]?.toLowerCase() ?? '';
  if (languageLocales[language]) return languageLocales[language];
  const match = Object.keys(localeTable).find((code) => code.startsWith(`${language}-`));
  return (match as LocaleCode | undefined) ?? defaultLocale;
}
