import { Button, Modal, type ModalSize } from '@anaquel/ui';
import type { ReactNode } from 'react';

export interface FormModalFrameProps {
  title: string;
  size: ModalSize;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The id of the form that 'Guardar' submits. */
  formId: string;
  /** While saving: the modal stays open, 'Cancelar' is disabled and 'Guardar' shows progress. */
  isPending: boolean;
  /** Whether 'Guardar' is enabled (spec 1 §4: the form is valid and changed). */
  canSave: boolean;
  children: ReactNode;
}

/** The modal of a create/edit form, with its 'Cancelar' and 'Guardar' footer. */
export function FormModalFrame({
  title,
  size,
  isOpen,
  onOpenChange,
  formId,
  isPending,
  canSave,
  children,
}: FormModalFrameProps) {
  return (
    <Modal
      title={title}
      size={size}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isPending) onOpenChange(open);
      }}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close} isDisabled={isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} isDisabled={!canSave} isPending={isPending}>
            Guardar
          </Button>
        </>
      )}
    >
      {children}
    </Modal>
  );
}
