import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Frame } from '@/components/ui/frame';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LogoLink } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import styles from './footer.module.css';
import { partnerMarkKeys, partnerMarks } from './partner-marks';

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
                  <Link to={paths.responsibleGaming.getHref()}>{t('nav.responsibleGaming')}</Link>
                </li>
                <li>
                  <Link to={paths.forPartners.getHref()}>{t('nav.forPartners')}</Link>
                </li>
                <li>
                  <Link to={paths.companyInformation.getHref()}>{t('nav.companyInformation')}</Link>
                </li>
              </ul>
            </nav>
            <LanguagePicker className={styles.language} />
          </div>
          <section className={styles.partners} aria-label={t('footer.partners')}>
            <h2 className={styles.partnersTitle}>{t('footer.partners')}</h2>
            <ul className={styles.partnerRow}>
              {partnerMarkKeys.map((key) => (
                <li key={key} className={styles.partner} title={t(`footer.marks.${key}`)}>
                  <svg
                    viewBox="0 0 56 32"
                    width="56"
                    height="32"
                    focusable="false"
                    role="img"
                    aria-label={t(`footer.marks.${key}`)}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    {partnerMarks[key]}
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
