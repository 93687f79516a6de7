import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

export function Button({
  variant = 'primary',
  busy,
  children,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      disabled={props.disabled || busy}
      aria-busy={busy || undefined}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
    >
      {children}
    </button>
  );
}

interface FieldProps {
  label: string;
  /** The label for screen readers only, where a column header already says it (a table row's control). */
  hideLabel?: boolean;
  /** The server's or the form's message for this field. */
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and its error under it. */
export function Field({ label, hideLabel, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const Input = (props: InputHTMLAttributes<HTMLInputElement>) => <input className="input" {...props} />;
export const Select = (props: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select className="input" {...props} />
);
export const Textarea = (props: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea className="input" rows={4} {...props} />
);

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info';
  children: ReactNode;
}) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function Card({
  title,
  actions,
  wide,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  /** In a `.cards` layout, the whole row (a wide table). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={wide ? 'card card-wide' : 'card'} aria-label={title}>
      {title || actions ? (
        <header className="card-header">
          {title ? <h2>{title}</h2> : null}
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}

/**
 * A table that scrolls sideways inside its own frame when it is wider than its card, rather than running over
 * its neighbours; the frame is focusable so that keyboard users can scroll it (axe scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" aria-label={`${label} (scrollable)`} tabIndex={0}>
      {children}
    </section>
  );
}

export function PageHeader({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {children}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}

/** A figure with its label, for dashboards and summaries. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <strong className="stat-value">{value}</strong>
      {hint ? <span className="stat-hint">{hint}</span> : null}
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-view" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

export const Loading = ({ label = 'Loading…' }: { label?: string }) => (
  <p className="loading" role="status">
    {label}
  </p>
);

/** A modal dialog on the native <dialog> (focus trap and Escape for free). */
export function Modal({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-label={title} onClose={onClose} onCancel={onClose}>
      {open ? (
        <>
          <header className="modal-header">
            <h2>{title}</h2>
            <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="modal-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}

/** Minor-unit-free money as the API speaks it (decimal numbers), with its currency. */
/** US dollars as operators read them: '$1,234.50', '-$7.75' (the sign before the symbol). */
export function formatUsd(amount: number) {
  const digits = Math.abs(amount).toLocaleString('en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${amount < 0 ? '-' : ''}$${digits}`;
}

export function formatMoney(amount: number | string, currency: string) {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const digits = currency === 'FREE_SPINS' ? 0 : 2;
  return `${value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`;
}

/**
 * A moment as staff read it: in UTC, saying so (issue 31), so that staff in different zones, the audit log,
 * the CSV exports and the UTC days of the date filters all agree: '1 Jan 2030, 10:00 UTC' (issue 30 point 17).
 */
export function formatDateTime(iso: string | null | undefined) {
  if (!iso) return '—';
  const when = new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  // No-break spaces inside the date and before 'UTC': a narrow column breaks it only after the comma.
  return `${when.replace(/\s/g, '\u00a0').replace(',\u00a0', ', ')}\u00a0UTC`;
}

/**
 * The hint of a date-and-time field: the browser's datetime-local control reads the member's own clock, while
 * every time shown afterwards is in UTC (formatDateTime), so the field names its zone: 'Your local time (GMT+1).'
 */
export function localTimeHint(at = new Date()) {
  const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone
    ? `Your local time (${zone}); shown afterwards in UTC.`
    : 'Your local time; shown afterwards in UTC.';
}

/** A labelled select over a fixed set of choices (value → label), e.g. a list's status filter. */
export function ChoiceField<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {(Object.entries(choices) as Array<[T, string]>).map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
