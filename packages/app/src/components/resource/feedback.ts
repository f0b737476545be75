import { isApiError, type ApiRequestMeta } from '@anaquel/api';
import { notify } from '../../lib/notify';

// Failure feedback of the master-data mutations (docs/decisions.md "Master-data screens"): the
// screen always shows the spec's 'Error al crear la marca.' (spec 2 §8); the global handler adds
// its message for the status (spec 1 §8), except for a 409 or a 422, whose generic texts would
// hide why it failed: there the screen shows the server's own message ('Ya existe una marca con
// ese nombre.', 'No se puede eliminar la marca porque está en uso.', 'No puedes eliminar tu
// propio usuario.').

/** Statuses whose server message says why a master-data save was refused. */
const EXPLAINED_STATUSES = [409, 422];

/** `meta` of every master-data mutation: the screen handles 409 and 422 itself. */
export const MUTATION_META: ApiRequestMeta = { handledStatuses: EXPLAINED_STATUSES };

/** Shows the failure toasts of a create, update, delete or relation save. */
export function notifyMutationFailure(error: unknown, failedText: string): void {
  notify(failedText, 'error');
  if (
    isApiError(error) &&
    EXPLAINED_STATUSES.includes(error.statusCode) &&
    error.errorMessage.trim() !== ''
  ) {
    notify(error.errorMessage, 'error');
  }
}
