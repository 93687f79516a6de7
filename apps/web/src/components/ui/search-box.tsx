import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';
import styles from './search-box.module.css';

/**
 * The header search (spec 000 §2: placeholder 'Search for joy'). What it searches is not specified;
 * onSearch receives the trimmed text so the catalogue can plug in later.
 */
export function SearchBox({
  className,
  onSearch,
}: {
  className?: string;
  onSearch?: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    onSearch?.(typeof text === 'string' ? text.trim() : '');
  };
  return (
    <search className={className}>
      <form className={styles.search} onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {t('header.searchLabel')}
        </label>
        <SearchIcon className={styles.icon} size={18} />
        <input
          id={id}
          name="q"
          type="search"
          className={styles.input}
          placeholder={t('header.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
    </search>
  );
}
