import { getApiClient, setAccessToken, unwrap } from '@anaquel/api';
import { endFieldSession } from '../field-session';

/**
 * Ends the session on the server when it can (offline, the phone forgets it all the same) and
 * goes to the sign-in page. The device store is left whole: the unsent visits wait for this
 * promoter's next sign-in (docs/field-app.md "One database per user").
 */
export async function signOutOfField(): Promise<void> {
  try {
    await unwrap(getApiClient().POST('/auth/logout'));
  } catch {
    // Nothing to do: the token is dropped below and the user forgotten.
  } finally {
    setAccessToken(null);
  }
  endFieldSession();
}
