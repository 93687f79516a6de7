import { OTP_LENGTH } from '@paws/contracts/auth';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './code-entry.module.css';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

export interface CodeEntryProps {
  /** Called once each time the sixth digit is in. */
  onComplete: (code: string) => void;
  /** Called on every edit (the parent clears its error). */
  onChange?: (code: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  label?: string;
}

/**
 * Spec 001 §4/§5: six single-digit boxes. Non-digits are stripped, a paste spreads up to six digits,
 * Backspace and the arrow keys move between boxes, six digits submit by themselves, an error turns the
 * boxes red.
 */
export function CodeEntry({ onComplete, onChange, error, disabled = false, label }: CodeEntryProps) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>(empty);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const submitted = useRef<string | undefined>(undefined);
  const errorId = useId();

  // Focus starts in the first box, unless the player is already in a box: Preact runs this after paint, when
  // typing may have begun and moved on to a later box.
  useEffect(() => {
    const boxes = inputs.current;
    if (!boxes.some((box) => box !== null && box === document.activeElement)) boxes[0]?.focus();
  }, []);

  const focusBox = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    target?.focus();
    target?.select();
  };

  const update = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (code.length === OTP_LENGTH && submitted.current !== code) {
      submitted.current = code;
      onComplete(code);
    } else if (code.length < OTP_LENGTH) {
      submitted.current = undefined;
    }
  };

  /** Writes digits from `start` on and moves to the box after the last one written. */
  const spread = (start: number, text: string) => {
    const incoming = text
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH - start)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    update(next);
    focusBox(start + incoming.length);
  };

  const onInput = (index: number, box: HTMLInputElement) => {
    const value = box.value;
    const typed = value.replace(/\D/g, '');
    if (!typed) {
      if (value === '') update(digits.map((digit, i) => (i === index ? '' : digit)));
      // A rejected character leaves the digits as they were, so nothing re-renders the box: put it back.
      else box.value = digits[index] ?? '';
      return;
    }
    // A box that already held a digit receives the new one last; autofill delivers all six at once.
    const fresh =
      typed.length > 1 && digits[index] && typed.startsWith(digits[index]) ? typed.slice(1) : typed;
    spread(index, fresh);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    spread(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        update(digits.map((digit, i) => (i === index ? '' : digit)));
      } else if (index > 0) {
        update(digits.map((digit, i) => (i === index - 1 ? '' : digit)));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className={styles.wrap}>
      <fieldset
        className={`${styles.boxes} ${error ? styles.error : ''}`}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
      >
        <legend className="visually-hidden">{label ?? t('auth.code.label')}</legend>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className={styles.box}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('auth.code.digit', { index: index + 1, count: OTP_LENGTH })}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onInput(index, event.target)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className={styles.message}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
