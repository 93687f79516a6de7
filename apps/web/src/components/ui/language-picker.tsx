import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language, languages } from '@/lib/i18n/i18n';
import { FlagIcon } from './flag-icon';
import styles from './language-picker.module.css';

/** A radio group of the four offered languages; arrow keys move between them natively. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const name = useId();
  // A language other than English loads its strings first; show the choice at once meanwhile.
  const [requested, setRequested] = useState<Language>();
  const resolved = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const current = requested ?? resolved;
  const choose = (language: Language) => {
    setRequested(language);
    changeLanguage(language).finally(() => setRequested(undefined));
  };
  return (
    <fieldset className={`${styles.picker} ${className ?? ''}`}>
      <legend className="visually-hidden">{t('footer.language')}</legend>
      {languages.map((language) => (
        <label key={language} className={styles.option} lang={language}>
          <input
            type="radio"
            name={name}
            value={language}
            checked={current === language}
            onChange={() => choose(language)}
            className="visually-hidden"
          />
          <FlagIcon language={language} className={styles.flag} />
          <span aria-hidden="true" className={styles.code}>
            {language.toUpperCase()}
          </span>
          <span className="visually-hidden">{t(`languages.${language}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
