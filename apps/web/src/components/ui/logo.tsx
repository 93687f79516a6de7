import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './logo.module.css';

/** The paw in an angled tile; the same drawing as public/favicon.svg. */
export function LogoMark({ className, size = 36 }: { className?: string; size?: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 0h31v31l-9 9H0V9z" fill="var(--accent)" />
      <g fill="var(--accent-contrast)">
        <path d="M20 19.5c-4.6 0-9 5.2-9 9.2 0 2.6 2 3.8 4.4 3.8 2 0 3.2-1 4.6-1s2.6 1 4.6 1c2.4 0 4.4-1.2 4.4-3.8 0-4-4.4-9.2-9-9.2z" />
        <ellipse cx="11.6" cy="17.2" rx="2.6" ry="3.5" transform="rotate(-22 11.6 17.2)" />
        <ellipse cx="16.6" cy="11.2" rx="2.7" ry="3.7" transform="rotate(-8 16.6 11.2)" />
        <ellipse cx="23.4" cy="11.2" rx="2.7" ry="3.7" transform="rotate(8 23.4 11.2)" />
        <ellipse cx="28.4" cy="17.2" rx="2.6" ry="3.5" transform="rotate(22 28.4 17.2)" />
      </g>
    </svg>
  );
}

/** Spec 000 §2: a logo mark that links to /. */
export function LogoLink({
  className,
  collapsible = false,
}: {
  className?: string;
  /** Mark only below 480px. */
  collapsible?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home.getHref()}
      className={`${styles.logo} ${collapsible ? styles.collapsible : ''} ${className ?? ''}`}
      aria-label={t('brand.homeLink')}
    >
      <LogoMark className={styles.mark} />
      <span className={styles.word} aria-hidden="true">
        {t('brand.name')}
      </span>
    </Link>
  );
}
