import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Frame } from '@/components/ui/frame';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LogoLink } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import styles from './footer.module.css';

/** Spec 000 §2: a row of eleven partner and payment logos. Neutral marks hold the places until the real artwork arrives. */
const PARTNER_SLOTS = 11;

const partnerMarks = [
  <g key="rings">
    <circle cx="22" cy="16" r="9" />
    <circle cx="34" cy="16" r="9" />
  </g>,
  <path key="shield" d="M28 5 38 9v7c0 6-4.4 10-10 12-5.6-2-10-6-10-12V9z" />,
  <path key="diamond" d="m28 4 12 12-12 12-12-12z" />,
  <path key="bolt" d="M31 3 19 18h8l-3 11 13-16h-8z" />,
  <path key="hex" d="m28 4 11 6v12l-11 6-11-6V10z" />,
];

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className="container">
        <Frame angled className={styles.panel}>
          <div className={styles.top}>
            <LogoLink />
            <nav aria-label={t('footer.navigation')}>
              <ul className={styles.links}>
                <li>
                  <Link to={paths.aboutUs.getHref()}>{t('nav.aboutUs')}</Link>
                </li>
                <li>
                  <Link to={paths.contacts.getHref()}>{t('nav.contacts')}</Link>
                </li>
                <li>
                  <Link to={paths.faq.getHref()}>{t('nav.faq')}</Link>
                </li>
                <li>
                  <Link to={paths.termsOfService.getHref()}>{t('nav.termsOfService')}</Link>
                </li>
                <li>
                  <Link to={paths.forPartners.getHref()}>{t('nav.forPartners')}</Link>
                </li>
              </ul>
            </nav>
            <LanguagePicker className={styles.language} />
          </div>
          <section className={styles.partners} aria-label={t('footer.partners')}>
            <h2 className={styles.partnersTitle}>{t('footer.partners')}</h2>
            <ul className={styles.partnerRow}>
              {Array.from({ length: PARTNER_SLOTS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical placeholders.
                <li key={index} className={styles.partner} aria-hidden="true">
                  <svg viewBox="0 0 56 32" width="56" height="32" focusable="false" aria-hidden="true">
                    {partnerMarks[index % partnerMarks.length]}
                  </svg>
                </li>
              ))}
            </ul>
          </section>
          <div className={styles.bottom}>
            <p>{t('footer.copyright', { year })}</p>
            <p className={styles.responsible}>{t('footer.responsible')}</p>
          </div>
        </Frame>
      </div>
    </footer>
  );
}
