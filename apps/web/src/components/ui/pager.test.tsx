import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { getPageList, isAcceptedPage, Pager } from './pager';

beforeAll(() => initI18n('en'));

describe('getPageList', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(getPageList(1, 1)).toEqual([1]);
    expect(getPageList(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows 1 2 3 4 … last while the current page is 3 or lower', () => {
    for (const current of [1, 2, 3])
      expect(getPageList(current, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
  });

  it('shows 1 … and the last 4 within the last 2 pages', () => {
    expect(getPageList(9, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(getPageList(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
  });

  it('shows 1 … current next … last otherwise', () => {
    expect(getPageList(4, 10)).toEqual([1, 'ellipsis-start', 4, 5, 'ellipsis-end', 10]);
    expect(getPageList(8, 10)).toEqual([1, 'ellipsis-start', 8, 9, 'ellipsis-end', 10]);
    expect(getPageList(4, 6)).toEqual([1, 'ellipsis-start', 4, 5, 'ellipsis-end', 6]);
  });

  it('accepts only pages within 1..total that are not the current one', () => {
    expect(isAcceptedPage(0, 1, 10)).toBe(false);
    expect(isAcceptedPage(11, 1, 10)).toBe(false);
    expect(isAcceptedPage(1, 1, 10)).toBe(false);
    expect(isAcceptedPage(2, 1, 10)).toBe(true);
  });
});

describe('Pager', () => {
  it('defaults to page 1 of 10 and ignores Previous on page 1 and the current page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pager onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onChange.mock.calls).toEqual([[2], [4]]);
  });

  it('ignores Next on the last page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pager page={10} total={10} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenCalledWith(9);
  });
});
