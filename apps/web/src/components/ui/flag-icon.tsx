import type { Language } from '@/lib/i18n/i18n';

/** Spec 000 §2: per-language flags for English, Spanish, French and Italian, English as the fallback. */
export function FlagIcon({ language, className }: { language: Language | string; className?: string }) {
  const common = {
    className,
    width: 24,
    height: 16,
    focusable: false,
    preserveAspectRatio: 'xMidYMid slice',
  } as const;
  switch (language) {
    case 'es':
      return (
        <svg viewBox="0 0 3 2" {...common} aria-hidden="true">
          <path fill="#c60b1e" d="M0 0h3v2H0z" />
          <path fill="#ffc400" d="M0 .5h3v1H0z" />
        </svg>
      );
    case 'fr':
      return (
        <svg viewBox="0 0 3 2" {...common} aria-hidden="true">
          <path fill="#0055a4" d="M0 0h1v2H0z" />
          <path fill="#fff" d="M1 0h1v2H1z" />
          <path fill="#ef4135" d="M2 0h1v2H2z" />
        </svg>
      );
    case 'it':
      return (
        <svg viewBox="0 0 3 2" {...common} aria-hidden="true">
          <path fill="#009246" d="M0 0h1v2H0z" />
          <path fill="#fff" d="M1 0h1v2H1z" />
          <path fill="#ce2b37" d="M2 0h1v2H2z" />
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 60 40" {...common} aria-hidden="true">
          <path fill="#012169" d="M0 0h60v40H0z" />
          <path stroke="#fff" strokeWidth="8" d="m0 0 60 40m0-40L0 40" />
          <path stroke="#c8102e" strokeWidth="3" d="m0 0 60 40m0-40L0 40" />
          <path stroke="#fff" strokeWidth="12" d="M30 0v40M0 20h60" />
          <path stroke="#c8102e" strokeWidth="7" d="M30 0v40M0 20h60" />
        </svg>
      );
  }
}
