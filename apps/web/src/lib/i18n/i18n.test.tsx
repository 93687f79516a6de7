import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguagePicker } from '@/components/ui/language-picker';
import { changeLanguage, initI18n, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './i18n';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { it as italian } from './locales/it';

function Probe() {
  const { t } = useTranslation();
  return <p>{t('header.logIn')}</p>;
}

const leafKeys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key}`] : leafKeys(child as object, `${prefix}${key}.`),
  );

describe('i18n', () => {
  afterEach(async () => {
    await initI18n('en');
  });

  it('has every English string translated in es, fr and it', () => {
    const keys = leafKeys(en);
    for (const locale of [es, fr, italian]) {
      expect(leafKeys(locale)).toEqual(keys);
      for (const key of keys) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        expect(typeof text === 'string' && text.length > 0, key).toBe(true);
      }
    }
    expect(es.header.logIn).not.toBe(en.header.logIn);
  });

  it('starts in English, switches language from the picker and remembers the choice', async () => {
    const user = userEvent.setup();
    await initI18n();
    render(
      <>
        <Probe />
        <LanguagePicker />
      </>,
    );
    expect(screen.getByText('Log in')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('radio', { name: 'Français' }));

    expect(await screen.findByText('Se connecter')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(readStoredLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('radio', { name: 'Français' })).toBeChecked();
  });

  it('ignores an unknown stored language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(readStoredLanguage()).toBeUndefined();
    await changeLanguage('it');
    expect(readStoredLanguage()).toBe('it');
  });
});
