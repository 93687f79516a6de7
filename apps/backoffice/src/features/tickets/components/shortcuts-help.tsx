import { useState } from 'react';
import { Button, Modal } from '../../../components/ui';
import { useShortcuts } from '../../../lib/shortcuts';

/** The desk's single-key shortcuts, as the help dialog lists them (the screens bind the same keys). */
export const deskShortcuts = {
  queue: [
    ['j', 'Next ticket in the queue'],
    ['k', 'Previous ticket in the queue'],
    ['Enter', 'Open the focused ticket'],
  ],
  ticket: [
    ['r', 'Write a reply'],
    ['n', 'Write an internal note'],
    ['t', 'Take the ticket'],
    ['u', 'Back to the queue'],
    ['Esc', 'Leave the text box (then the keys work again)'],
  ],
  everywhere: [
    ['/', 'Find a player, ticket or transaction'],
    ['?', 'These shortcuts'],
  ],
} as const;

const groups = [
  ['In the queue', deskShortcuts.queue],
  ['On a ticket', deskShortcuts.ticket],
  ['On every page', deskShortcuts.everywhere],
] as const;

/** A button that opens the list of shortcuts; '?' opens it too. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useShortcuts({ '?': () => setOpen(true) });
  return (
    <>
      <Button variant="ghost" aria-keyshortcuts="?" onClick={() => setOpen(true)}>
        Keyboard shortcuts
      </Button>
      <Modal title="Keyboard shortcuts" open={open} onClose={() => setOpen(false)}>
        {groups.map(([title, keys]) => (
          <section key={title} aria-label={title} className="shortcuts-group">
            <h3>{title}</h3>
            <dl className="shortcuts">
              {keys.map(([key, what]) => (
                <div key={key}>
                  <dt>
                    <kbd>{key}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </Modal>
    </>
  );
}
