// The accounts the end-to-end journeys sign in with. The administrator is the server's own demo
// seed; the others are inserted by tests/support/e2e-server.ts before the server listens, one per
// journey that changes or locks its account, so no journey depends on another's leftovers.

export interface Account {
  email: string;
  password: string;
  completeName: string;
}

export const admin: Account = {
  email: 'admin@anaquel.mx',
  password: 'Anaquel#2026',
  completeName: 'Administrador General',
};

/** Changes its password through the user menu. */
export const passwordChanger: Account = {
  email: 'cambio.clave@e2e.anaquel.mx',
  password: 'Cambio#Clave2026',
  completeName: 'Carla Cambio',
};

/** Resets its password through the e-mailed link. */
export const passwordResetter: Account = {
  email: 'restablecer@e2e.anaquel.mx',
  password: 'Restablecer#2026',
  completeName: 'Rita Restablecer',
};

/** Gets locked out by five wrong passwords. */
export const lockedOut: Account = {
  email: 'bloqueo@e2e.anaquel.mx',
  password: 'Bloqueo#2026',
  completeName: 'Bruno Bloqueo',
};

/** The demo promoter of the server's demo seed (docs/sync.md); its day is at /campo. */
export const demoPromoter: Account = {
  email: 'promotor@anaquel.mx',
  password: 'Promotor#2026',
  completeName: 'María Fernanda López Hernández',
};

export const extraAccounts: Account[] = [passwordChanger, passwordResetter, lockedOut];
