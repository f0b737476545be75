import { Modal } from '@anaquel/ui';
import { ChangePasswordForm } from './change-password-form';

export interface ChangePasswordModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** 'Cambiar Contraseña' modal opened from the user card (spec 1 §2). */
export function ChangePasswordModal({ isOpen, onOpenChange }: ChangePasswordModalProps) {
  return (
    <Modal title="Cambiar Contraseña" size="sm" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <ChangePasswordForm onChanged={close} />}
    </Modal>
  );
}
