import { Button, ConfirmDialog } from '@anaquel/ui';
import { useState } from 'react';

/** 'Cerrar sesión', after a confirmation that says how many visits stay unsent on the phone. */
export function SignOutButton({
  unsent,
  onSignOut,
}: {
  unsent: number;
  onSignOut: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="min-h-12 text-base"
        onPress={() => setConfirming(true)}
      >
        Cerrar sesión
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Cerrar sesión"
        message={
          unsent > 0
            ? `Tienes ${unsent === 1 ? '1 visita' : `${unsent} visitas`} sin enviar. No se borran: se quedan en este teléfono y se enviarán cuando vuelvas a iniciar sesión con tu cuenta.`
            : '¿Cerrar la sesión en este teléfono?'
        }
        confirmLabel="Cerrar sesión"
        variant="primary"
        isPending={leaving}
        onConfirm={() => {
          setLeaving(true);
          void onSignOut().finally(() => setLeaving(false));
        }}
      />
    </>
  );
}
