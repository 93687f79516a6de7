import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { DateRangePicker, formatPickerDate, monthGrid, nextRange, yearOptions } from './date-range-picker';

beforeAll(() => initI18n('en'));

const d = (day: number, month = 2, year = 2026) => new Date(year, month, day);

describe('date range rules', () => {
  it('first click sets both ends, second sets the end or swaps, third restarts', () => {
    let state = nextRange({ startDate: null, endDate: null }, 0, d(10));
    expect(state.range).toEqual({ startDate: d(10), endDate: d(10) });
    state = nextRange(state.range, state.clicks, d(4));
    expect(state.range).toEqual({ startDate: d(4), endDate: d(10) });
    state = nextRange(state.range, state.clicks, d(20));
    expect(state.range).toEqual({ startDate: d(20), endDate: d(20) });
    state = nextRange(state.range, state.clicks, d(25));
    expect(state.range).toEqual({ startDate: d(20), endDate: d(25) });
  });

  it('lists 10 years from 5 before to 4 after, weeks from Monday, dd.mm.yyyy', () => {
    expect(yearOptions(2026)).toEqual([2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030]);
    // 1 March 2026 is a Sunday: six blanks before it in a Monday-first week.
    expect(monthGrid(2026, 2).slice(0, 7)).toEqual([null, null, null, null, null, null, d(1)]);
    expect(formatPickerDate(d(7))).toBe('07.03.2026');
  });
});

describe('DateRangePicker', () => {
  it('prompts, picks a range and applies it', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    const onCancel = vi.fn();
    render(<DateRangePicker initialMonth={d(1)} onApply={onApply} onCancel={onCancel} />);
    expect(screen.getByText('Select start date')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Mo',
      'Tu',
      'We',
      'Th',
      'Fr',
      'Sa',
      'Su',
    ]);
    await user.click(screen.getByRole('button', { name: '12.03.2026' }));
    expect(screen.getByText('Select end date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '05.03.2026' }));
    expect(screen.getByText('05.03.2026 – 12.03.2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(onApply).toHaveBeenCalledWith({ startDate: d(5), endDate: d(12) });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('opens month and year lists one at a time', async () => {
    const user = userEvent.setup();
    render(<DateRangePicker initialMonth={d(1)} onApply={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'March' }));
    expect(screen.getByRole('list', { name: 'Months' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2026' }));
    expect(screen.queryByRole('list', { name: 'Months' })).not.toBeInTheDocument();
    const years = screen.getByRole('list', { name: 'Years' });
    expect(within(years).getAllByRole('button')).toHaveLength(10);
    await user.click(within(years).getByRole('button', { name: '2029' }));
    expect(screen.queryByRole('list', { name: 'Years' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2029' })).toBeInTheDocument();
  });
});
