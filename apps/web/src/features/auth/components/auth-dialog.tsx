import type { ReactNode } from 'react';
import { Modal, type ModalState } from '@/components/ui/modal';

/** The shared modal (close icon, Escape, click outside), always open while mounted. */
export function AuthDialog({
  title,
  onClose,
  children,
  tone = 'active',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  tone?: ModalState;
}) {
  return (
    <Modal open onClose={onClose} title={title} state={tone}>
      {children}
    </Modal>
  );
}
