import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { render } from '../testing/render';
import { Button, Field, Input, Modal } from './ui';

function Confirmation() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ban</Button>
      <Modal title="Ban this player?" open={open} onClose={() => setOpen(false)}>
        <Field label="Reason">{(props) => <Input {...props} />}</Field>
        <Button variant="danger">Confirm</Button>
      </Modal>
    </>
  );
}

it('a modal is a dialog named by its title; focus goes in, Tab stays in, and Escape gives it back', async () => {
  const user = userEvent.setup();
  render(<Confirmation />);
  const opener = screen.getByRole('button', { name: 'Ban' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Ban this player?' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  for (let step = 0; step < 4; step += 1) {
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(opener).toHaveFocus());
});

it('a field names its control, describes it by its hint and error, and announces the error', () => {
  render(
    <Field label="Amount" hint="In US dollars." error="Must be positive">
      {(props) => <Input {...props} />}
    </Field>,
  );
  const input = screen.getByRole('textbox', { name: 'Amount' });
  expect(input).toHaveAccessibleDescription('Must be positive In US dollars.');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('Must be positive');
});

it('a busy button says so and cannot be pressed twice', () => {
  render(<Button busy>Save</Button>);
  const button = screen.getByRole('button', { name: 'Save' });
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
});
