import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dropdown, type DropdownOption } from './dropdown';

const options: DropdownOption<number>[] = [
  { id: 10, name: '10' },
  { id: 25, name: '25' },
  { id: 50, name: '50' },
];

function Harness() {
  const [value, setValue] = useState(10);
  return (
    <>
      <Dropdown label="Page size" options={options} value={value} onChange={setValue} />
      <output>{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

describe('Dropdown', () => {
  it('is 40px closed and 200px open, and choosing an option closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: 'Page size: 10' });
    const root = trigger.parentElement as HTMLElement;
    expect(root.style.maxHeight).toBe('40px');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(root.style.maxHeight).toBe('200px');
    await user.click(screen.getByRole('option', { name: '25' }));

    expect(screen.getByRole('status')).toHaveTextContent('25');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(root.style.maxHeight).toBe('40px');
  });

  it('works from the keyboard and closes on Escape or a click outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('combobox', { name: /Page size/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('50');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
