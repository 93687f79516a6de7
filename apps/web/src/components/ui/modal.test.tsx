import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { Modal, type ModalState } from './modal';

beforeAll(() => initI18n('en'));

function Harness({ onClose, state }: { onClose: () => void; state?: ModalState }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      state={state}
      title="Sample"
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    >
      <p>Inside</p>
    </Modal>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('Modal', () => {
  it('opens on a native dialog with the requested state', () => {
    render(<Harness onClose={() => {}} state="error" />);
    expect(dialog().open).toBe(true);
    expect(dialog()).toHaveAttribute('data-state', 'error');
    expect(screen.getByText('Inside')).toBeInTheDocument();
  });

  it('closes by the close icon, after the closing animation', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(dialog().open).toBe(false);
    vi.useRealTimers();
  });

  it('closes by the cancel event (Escape)', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog(), cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('closes on a click outside the content but not inside it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByText('Inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
