import { Button, ConfirmDialog } from '@anaquel/ui';
import { useState } from 'react';

/** What the confirmation says: how many visits are not on the server, and what becomes of them. */
function signOutMessage(unsent: number, isOnline: boolean): string {
  if (unsent === 0) return '¿Cerrar la sesión en este teléfono?';
  const count = unsent === 1 ? '1 visita' : `${unsent} visitas`;
  const kept =
    'no se borran: se quedan en este teléfono y se enviarán cuando vuelvas a iniciar sesión con tu cuenta.';
  return isOnline
    ? `Tienes ${count} sin enviar. Antes de salir se envían las que se pueda; las demás ${kept}`
    : `Tienes ${count} sin enviar y no hay conexión. No se borran: se quedan en este teléfono y se enviarán cuando vuelvas a iniciar sesión con tu cuenta.`;
}

/**
 * 'Cerrar sesión', after a confirmation that says how many visits stay unsent on the phone;
 * `startOpen` opens that confirmation at once (the header's 'Cerrar sesión' of today's list).
 */
export function SignOutButton({
  unsent,
  isOnline,
  startOpen = false,
  onSignOut,
}: {
  unsent: number;
  isOnline: boolean;
  startOpen?: boolean;
  onSignOut: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(startOpen);
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
        message={signOutMessage(unsent, isOnline)}
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
