import { useCallback, useEffect, useState } from 'react';
import { currentPersistence, requestPersistence, type Persistence } from './persistence';

/**
 * The device store's persistence: read on opening, asked for as soon as the phone holds a visit
 * (`hasVisits`) and again by `ask` (the check-in, a person's gesture: Firefox asks the person).
 */
export function usePersistence(hasVisits: boolean): { persistence: Persistence; ask: () => void } {
  const [persistence, setPersistence] = useState<Persistence>('unknown');
  const ask = useCallback(() => {
    void requestPersistence().then(setPersistence);
  }, []);
  useEffect(() => {
    let cancelled = false;
    void currentPersistence().then((found) => {
      if (cancelled) return;
      if (found === 'unknown' && hasVisits) ask();
      else setPersistence(found);
    });
    return () => {
      cancelled = true;
    };
  }, [hasVisits, ask]);
  return { persistence, ask };
}

/** What today's list says while the browser refuses to keep the store, or null. */
export function persistenceWarning(persistence: Persistence, hasVisits: boolean): string | null {
  if (persistence !== 'refused' || !hasVisits) return null;
  return 'Este navegador podría borrar los datos guardados si el teléfono se queda sin espacio. Envía tus visitas en cuanto tengas señal; instalar la aplicación (Agregar a pantalla de inicio) ayuda a conservarlos.';
}
