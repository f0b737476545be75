import type { ReactNode } from 'react';
import { Button } from '../button';
import { Modal } from '../modal';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called with false when the user cancels (button or Escape). */
  onOpenChange: (isOpen: boolean) => void;
  /** Called when the user confirms; the caller closes the dialog when its work is done. */
  onConfirm: () => void;
  /** Heading, e.g. 'Eliminar marca'. */
  title: ReactNode;
  /** The question, e.g. '¿Está seguro de eliminar la marca "Sabritas"?' */
  message: ReactNode;
  /** Confirm button text (default 'Eliminar'). */
  confirmLabel?: string;
  /** Cancel button text (default 'Cancelar'). */
  cancelLabel?: string;
  /** Confirm button look: danger (default, destructive) or primary. */
  variant?: 'danger' | 'primary';
  /** While the confirmed action runs: spinner on confirm, cancel and Escape disabled. */
  isPending?: boolean;
}

/**
 * Confirmation (role alertdialog) with 'Cancelar' and a confirm button ('Eliminar' by default).
 * Focus starts on 'Cancelar', the least destructive choice.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  title,
  message,
  confirmLabel = 'Eliminar',
  cancelLabel = 'Cancelar',
  variant = 'danger',
  isPending = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isPending) onOpenChange(open);
      }}
      isKeyboardDismissDisabled={isPending}
      hideCloseButton
      footer={
        <>
          <Button
            variant="secondary"
            autoFocus
            isDisabled={isPending}
            onPress={() => onOpenChange(false)}
          >
            {cancelLabel}
          </Button>
          <Button variant={variant} isPending={isPending} onPress={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-fg">{message}</div>
    </Modal>
  );
}
