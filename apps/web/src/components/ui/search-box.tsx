import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';
import styles from './search-box.module.css';

/**
 * The header search (spec 000 §2: placeholder 'Search for joy'). onSearch receives the trimmed text
 * on submit; `inputProps` and `children` let a caller turn it into a combobox with a results popup.
 */
export function SearchBox({
  className,
  onSearch,
  inputProps,
  children,
}: {
  className?: string;
  onSearch?: (text: string) => void;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    onSearch?.(typeof text === 'string' ? text.trim() : '');
  };
  return (
    <search className={`${styles.root} ${className ?? ''}`}>
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
          {...inputProps}
        />
      </form>
      {children}
    </search>
  );
}
