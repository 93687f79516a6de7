import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './date-range-picker.module.css';

/** Spec 000 §3: a date range. */
export interface DateRange {
  startDate: Date | null;
  endDate: Date | null;
}

/** Spec 000 §9: dates shown as dd.mm.yyyy. */
export function formatPickerDate(date: Date | null): string {
  if (!date) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const sameDay = (a: Date | null, b: Date | null) => !!a && !!b && a.getTime() === b.getTime();

/**
 * Spec 000 §4: the first click sets both ends to that day; the second sets the end, or swaps the ends
 * when it is before the start; a third click starts a new range.
 */
export function nextRange(range: DateRange, clicks: number, day: Date): { range: DateRange; clicks: number } {
  const picked = startOfDay(day);
  if (clicks % 2 === 0 || !range.startDate)
    return { range: { startDate: picked, endDate: picked }, clicks: 1 };
  if (picked < range.startDate) return { range: { startDate: picked, endDate: range.startDate }, clicks: 2 };
  return { range: { startDate: range.startDate, endDate: picked }, clicks: 2 };
}

/** Spec 000 §9: the year list spans 10 years, 5 before to 4 after the displayed year. */
export const yearOptions = (year: number) => Array.from({ length: 10 }, (_, index) => year - 5 + index);

/** Splits the month grid into rows of seven days, padding the last week. */
function weeks(days: (Date | null)[]): (Date | null)[][] {
  const rows: (Date | null)[][] = [];
  for (let index = 0; index < days.length; index += 7) {
    const row = days.slice(index, index + 7);
    rows.push([...row, ...Array.from({ length: 7 - row.length }, () => null)]);
  }
  return rows;
}

/** Days of the month grid, weeks starting on Monday; null pads the first week. */
export function monthGrid(year: number, month: number): (Date | null)[] {
  const first = new Date(year, month, 1);
  const lead = (first.getDay() + 6) % 7;
  const days = new Date(year, month + 1, 0).getDate();
  return [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, index) => new Date(year, month, index + 1)),
  ];
}

export interface DateRangePickerProps {
  value?: DateRange;
  onApply: (range: DateRange) => void;
  onCancel?: () => void;
  /** The month shown first; defaults to the start date or today. */
  initialMonth?: Date;
}

export function DateRangePicker({ value, onApply, onCancel, initialMonth }: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DateRange>(value ?? { startDate: null, endDate: null });
  const [clicks, setClicks] = useState(value?.startDate ? 2 : 0);
  const base = initialMonth ?? value?.startDate ?? new Date();
  const [view, setView] = useState({ year: base.getFullYear(), month: base.getMonth() });
  const [list, setList] = useState<'month' | 'year' | null>(null);

  const monthName = (month: number, style: 'long' | 'short' = 'long') =>
    new Intl.DateTimeFormat(i18n.language, { month: style }).format(new Date(2020, month, 1));
  const weekdays = t('datePicker.weekdays').split(',');
  const pick = (day: Date) => {
    const next = nextRange(range, clicks, day);
    setRange(next.range);
    setClicks(next.clicks);
  };
  const shift = (delta: number) =>
    setView(({ year, month }) => {
      const date = new Date(year, month + delta, 1);
      return { year: date.getFullYear(), month: date.getMonth() };
    });
  const toggle = (which: 'month' | 'year') => setList((current) => (current === which ? null : which));
  const prompt =
    clicks === 1
      ? t('datePicker.selectEnd')
      : clicks === 0
        ? t('datePicker.selectStart')
        : `${formatPickerDate(range.startDate)} – ${formatPickerDate(range.endDate)}`;

  return (
    <section className={styles.picker} aria-label={t('datePicker.label')}>
      <p className={styles.prompt} aria-live="polite">
        {prompt}
      </p>
      <div className={styles.head}>
        <button
          type="button"
          className={styles.nav}
          onClick={() => shift(-1)}
          aria-label={t('datePicker.previousMonth')}
        >
          ‹
        </button>
        <button
          type="button"
          className={styles.title}
          aria-expanded={list === 'month'}
          onClick={() => toggle('month')}
        >
          {monthName(view.month)}
        </button>
        <button
          type="button"
          className={styles.title}
          aria-expanded={list === 'year'}
          onClick={() => toggle('year')}
        >
          {view.year}
        </button>
        <button
          type="button"
          className={styles.nav}
          onClick={() => shift(1)}
          aria-label={t('datePicker.nextMonth')}
        >
          ›
        </button>
      </div>
      {list === 'month' ? (
        <ul className={styles.sublist} aria-label={t('datePicker.months')}>
          {Array.from({ length: 12 }, (_, month) => month).map((month) => (
            <li key={month}>
              <button
                type="button"
                aria-pressed={month === view.month}
                onClick={() => {
                  setView((current) => ({ ...current, month }));
                  setList(null);
                }}
              >
                {monthName(month, 'short')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {list === 'year' ? (
        <ul className={styles.sublist} aria-label={t('datePicker.years')}>
          {yearOptions(view.year).map((year) => (
            <li key={year}>
              <button
                type="button"
                aria-pressed={year === view.year}
                onClick={() => {
                  setView((current) => ({ ...current, year }));
                  setList(null);
                }}
              >
                {year}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {list === null ? (
        <table className={styles.grid} aria-label={`${monthName(view.month)} ${view.year}`}>
          <thead>
            <tr>
              {weekdays.map((day) => (
                <th scope="col" key={day} className={styles.weekday}>
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks(monthGrid(view.year, view.month)).map((week) => (
              <tr key={week.find(Boolean)?.getTime()}>
                {week.map((day, index) => (
                  <td key={day?.getTime() ?? `pad-${index}`}>
                    {day ? (
                      <button
                        type="button"
                        className={[
                          styles.day,
                          sameDay(day, range.startDate) || sameDay(day, range.endDate) ? styles.edge : '',
                          range.startDate && range.endDate && day > range.startDate && day < range.endDate
                            ? styles.inside
                            : '',
                        ].join(' ')}
                        aria-label={formatPickerDate(day)}
                        aria-pressed={sameDay(day, range.startDate) || sameDay(day, range.endDate)}
                        onClick={() => pick(day)}
                      >
                        {day.getDate()}
                      </button>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('datePicker.cancel')}
        </Button>
        <Button size="sm" onClick={() => onApply(range)} disabled={!range.startDate}>
          {t('datePicker.apply')}
        </Button>
      </div>
    </section>
  );
}
