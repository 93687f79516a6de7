import styles from './filter-chips.module.css';

interface FilterChipsProps<V extends string> {
  /** The group's name for assistive technology (a visually hidden legend). */
  legend: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange(value: V): void;
}

/** One-choice filter chips (news categories, ticket categories): a row that scrolls on phones, wraps wider. */
export function FilterChips<V extends string>({ legend, options, value, onChange }: FilterChipsProps<V>) {
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value || 'ALL'}
          type="button"
          className={`${styles.chip} ${option.value === value ? styles.chipActive : ''}`}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
