import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styles from './dropdown.module.css';

/** Spec 000 §3: a dropdown option. */
export interface DropdownOption<T extends string | number = string> {
  id: T;
  name: string;
  image?: string;
  className?: string;
}

/** Spec 000 §9: 40 px closed, 200 px open. */
export const DROPDOWN_CLOSED_HEIGHT = 40;
export const DROPDOWN_OPEN_HEIGHT = 200;

export interface DropdownProps<T extends string | number> {
  label: string;
  options: DropdownOption<T>[];
  value: T | undefined;
  onChange: (id: T) => void;
  placeholder?: string;
  className?: string;
}

/** A listbox selector: open or closed; choosing an option closes it. Arrow keys, Enter and Escape work. */
export function Dropdown<T extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  className,
}: DropdownProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const selected = options.find((option) => option.id === value);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openList = () => {
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.id === value),
      ),
    );
    setOpen(true);
  };
  const choose = (option: DropdownOption<T>) => {
    onChange(option.id);
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openList();
      }
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter' || event.key === ' ') {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    }
  };

  return (
    <div
      ref={rootRef}
      className={`${styles.dropdown} ${open ? styles.open : ''} ${className ?? ''}`}
      style={{ maxHeight: open ? DROPDOWN_OPEN_HEIGHT : DROPDOWN_CLOSED_HEIGHT }}
      data-open={open}
    >
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label}: ${selected?.name ?? placeholder ?? ''}`}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
      >
        {selected?.image ? <img src={selected.image} alt="" width={20} height={20} /> : null}
        <span className={styles.value}>{selected?.name ?? placeholder}</span>
        <svg className={styles.chevron} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div id={listId} role="listbox" aria-label={label} className={styles.list} hidden={!open}>
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the trigger (aria-activedescendant).
          <div
            key={String(option.id)}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={option.id === value}
            className={`${styles.option} ${index === active ? styles.activeOption : ''} ${option.className ?? ''}`}
            onClick={() => choose(option)}
            onPointerEnter={() => setActive(index)}
          >
            {option.image ? <img src={option.image} alt="" width={20} height={20} /> : null}
            {option.name}
          </div>
        ))}
      </div>
    </div>
  );
}
