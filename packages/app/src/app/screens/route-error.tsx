import { Button } from '@anaquel/ui';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort error screen: a screen crashed or its code could not be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-fg">
        {notFound ? 'Página no encontrada' : 'Ocurrió un error inesperado.'}
      </h1>
      <p className="text-fg-muted">Recarga la página para intentarlo de nuevo.</p>
      <Button onPress={() => window.location.reload()}>Recargar la página</Button>
    </main>
  );
}
