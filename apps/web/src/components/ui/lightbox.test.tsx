import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { EnlargeableImage, Lightbox } from './lightbox';

beforeAll(() => initI18n('en'));

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Enlarge
      </button>
      <Lightbox
        src="/pic.png"
        alt="A cat on a sofa"
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

async function openIt(onClose = vi.fn()) {
  const user = userEvent.setup();
  render(<Harness onClose={onClose} />);
  const trigger = screen.getByRole('button', { name: 'Enlarge' });
  await user.click(trigger);
  return { user, trigger, onClose };
}

describe('Lightbox', () => {
  it('shows nothing while closed', () => {
    render(<Harness onClose={() => {}} />);
    expect(dialog().open).toBe(false);
    expect(document.querySelector('img')).toBeNull();
  });

  it('opens with the image, named by its alt text, focus on the close button', async () => {
    await openIt();
    expect(dialog().open).toBe(true);
    expect(dialog()).toHaveAttribute('aria-label', 'A cat on a sofa');
    const img = screen.getByAltText('A cat on a sofa');
    expect(img).toHaveAttribute('src', '/pic.png');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { user, trigger, onClose } = await openIt();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
    expect(trigger).toHaveFocus();
  });

  it('closes by the cancel event the browser fires for Escape', async () => {
    const { onClose } = await openIt();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog(), cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('closes on a click outside the image but not on the image', async () => {
    const { user, onClose } = await openIt();
    await user.click(screen.getByAltText('A cat on a sofa'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes by the close button', async () => {
    const { user, onClose } = await openIt();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog().open).toBe(false);
  });

  it('keeps Tab inside the lightbox', async () => {
    const { user } = await openIt();
    const close = screen.getByRole('button', { name: 'Close' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('locks the page scroll while open and restores it after', async () => {
    const { user } = await openIt();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('names the dialog even for a picture without alt text', async () => {
    render(<Lightbox src="/pic.png" alt="" open onClose={() => {}} />);
    expect(dialog()).toHaveAttribute('aria-label', 'Enlarged image');
  });
});

describe('EnlargeableImage', () => {
  it('opens the lightbox from the picture and closes it again', async () => {
    const user = userEvent.setup();
    render(<EnlargeableImage src="/news.png" alt="Summer tournament" className="pic" />);
    const trigger = screen.getByRole('button', { name: 'Enlarge image' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/news.png');
    expect(trigger.querySelector('img')).toHaveClass('pic');
    expect(dialog().open).toBe(false);

    await user.click(trigger);
    expect(dialog().open).toBe(true);
    expect(dialog()).toHaveAttribute('aria-label', 'Summer tournament');
    expect(dialog().querySelector('img')).toHaveAttribute('src', '/news.png');

    await user.keyboard('{Escape}');
    expect(dialog().open).toBe(false);
    expect(trigger).toHaveFocus();
  });
});

describe('Lightbox inside a modal', () => {
  it('closes only itself on Escape, leaving the modal open', async () => {
    const { Modal } = await import('./modal');
    const user = userEvent.setup();
    const closeModal = vi.fn();
    render(
      <Modal open onClose={closeModal} title="Avatar">
        <EnlargeableImage src="/me.png" alt="My photo" />
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Enlarge image' }));
    const lightbox = document.querySelector('dialog[aria-label="My photo"]') as HTMLDialogElement;
    expect(lightbox.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(lightbox.open).toBe(false);
    expect(closeModal).not.toHaveBeenCalled();
  });
});
