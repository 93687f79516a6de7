import {
  Alert,
  ComboboxChevron,
  Group,
  Loader,
  Badge as MantineBadge,
  Button as MantineButton,
  Input as MantineInput,
  Modal as MantineModal,
  Paper,
  Text,
  Title,
} from '@mantine/core';
import { type ButtonHTMLAttributes, type ComponentProps, type ReactNode, useId } from 'react';
import { Link } from 'react-router';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** How each of the back office's button kinds is drawn by Mantine's Button. */
const buttonLooks = {
  primary: { variant: 'filled' },
  secondary: { variant: 'default' },
  danger: { variant: 'filled', color: 'bad' },
  ghost: { variant: 'subtle', color: 'dark' },
} as const;

export function Button({
  variant = 'primary',
  busy,
  children,
  disabled,
  type = 'button',
  color: _color,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <MantineButton
      {...buttonLooks[variant]}
      {...props}
      type={type}
      disabled={disabled || busy}
      loading={busy}
      aria-busy={busy || undefined}
    >
      {children}
    </MantineButton>
  );
}

/** A link drawn as a button: to a page of the back office (`to`) or to a file of the API (`href`). */
export function ButtonLink({
  variant = 'secondary',
  children,
  ...target
}: { variant?: Variant; children: ReactNode } & (
  | { to: string; href?: never; download?: never }
  | { href: string; download?: boolean | string; to?: never }
)) {
  const look = buttonLooks[variant];
  if (target.to !== undefined) {
    return (
      <MantineButton {...look} component={Link} to={target.to}>
        {children}
      </MantineButton>
    );
  }
  return (
    <MantineButton {...look} component="a" href={target.href} download={target.download}>
      {children}
    </MantineButton>
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

/**
 * A labelled control with its hint and its error under it (Mantine's Input.Wrapper). The render prop hands the
 * control its id and descriptions; Mantine's own inputs also read them from the wrapper.
 */
export function Field({ label, hideLabel, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-description` : ''].filter(Boolean).join(' ');
  return (
    <MantineInput.Wrapper
      id={id}
      className="field"
      label={label}
      labelProps={hideLabel ? { className: 'visually-hidden' } : undefined}
      description={hint}
      error={error}
      descriptionProps={{ className: 'field-hint' }}
      errorProps={{ role: 'alert', className: 'field-error' }}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
    </MantineInput.Wrapper>
  );
}

type Invalid = boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
const isInvalid = (value: Invalid) => value === true || value === 'true';

export function Input({ 'aria-invalid': invalid, size, ...props }: ComponentProps<'input'>) {
  return <MantineInput {...props} inputSize={size?.toString()} error={isInvalid(invalid)} />;
}

export function Select({ 'aria-invalid': invalid, size, ...props }: ComponentProps<'select'>) {
  return (
    <MantineInput
      {...(props as ComponentProps<typeof MantineInput<'select'>>)}
      component="select"
      inputSize={size?.toString()}
      error={isInvalid(invalid)}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
    />
  );
}

export function Textarea({ 'aria-invalid': invalid, ...props }: ComponentProps<'textarea'>) {
  return (
    <MantineInput
      rows={4}
      {...(props as ComponentProps<typeof MantineInput<'textarea'>>)}
      component="textarea"
      multiline
      error={isInvalid(invalid)}
    />
  );
}

const toneColors = { neutral: 'dark', good: 'good', warn: 'warn', bad: 'bad', info: 'info' } as const;

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info';
  children: ReactNode;
}) {
  return (
    <MantineBadge className="badge" color={toneColors[tone]}>
      {children}
    </MantineBadge>
  );
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
    <Paper component="section" className={wide ? 'card card-wide' : 'card'} aria-label={title} p="md">
      {title || actions ? (
        <Group justify="space-between" gap="xs" mb="sm">
          {title ? <Title order={2}>{title}</Title> : null}
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
      ) : null}
      {children}
    </Paper>
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
    <Group component="header" justify="space-between" align="flex-end" gap="md" mb="md">
      <div className="page-title">
        <Title order={1}>{title}</Title>
        {children}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}

/** A figure with its label, for dashboards and summaries. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper className="stat" px="md" py="sm">
      <Text component="span" size="sm" className="muted">
        {label}
      </Text>
      <Text component="strong" fw={700} fz="1.35rem">
        {value}
      </Text>
      {hint ? (
        <Text component="span" size="xs" className="muted">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert color="bad" variant="light" className="error-view">
      <Group justify="space-between" gap="md">
        <Text c="bad.7">{message}</Text>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

export const Loading = ({ label = 'Loading…' }: { label?: string }) => (
  <Group component="p" gap="xs" className="loading" role="status">
    <Loader size="xs" aria-hidden="true" />
    {label}
  </Group>
);

/** A modal dialog (Mantine's Modal: the title names it, focus is trapped inside and returned on close). */
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
  return (
    <MantineModal
      opened={open}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      classNames={{ title: 'modal-title' }}
      // Open at once, as the native dialog did: a fading dialog is half-transparent while staff start typing
      // (and an accessibility audit then reads washed-out text).
      transitionProps={{ duration: 0 }}
    >
      {children}
    </MantineModal>
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
