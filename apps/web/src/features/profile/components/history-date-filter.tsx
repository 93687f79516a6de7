import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangePicker, formatPickerDate } from '@/components/ui/date-range-picker';
import { emptyRange } from '../utils/date-range';
import styles from './history-page.module.css';

/** One list's date-range filter: a toggle showing the range, the shared picker, and a clear button. */
export function HistoryDateFilter({
  list,
  value,
  onChange,
}: {
  list: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = value.startDate
    ? `${formatPickerDate(value.startDate)} – ${formatPickerDate(value.endDate ?? value.startDate)}`
    : t('history.allDates');
  return (
    <div className={styles.filter}>
      <div className={styles.filterRow}>
        <button
          type="button"
          className={styles.filterButton}
          aria-expanded={open}
          aria-label={`${t('history.filter', { list })}: ${label}`}
          onClick={() => setOpen((current) => !current)}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
          </svg>
          {label}
        </button>
        {value.startDate ? (
          <button type="button" className={styles.clear} onClick={() => onChange(emptyRange)}>
            {t('history.clearFilter')}
          </button>
        ) : null}
      </div>
      {open ? (
        <div className={styles.picker}>
          <DateRangePicker
            value={value}
            onCancel={() => setOpen(false)}
            onApply={(range) => {
              onChange(range);
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
