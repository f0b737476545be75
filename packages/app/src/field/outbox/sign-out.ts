import { getApiClient, setAccessToken, unwrap } from '@anaquel/api';
import { endFieldSession } from '../field-session';

/** How long a sign-out waits for the last round of the outbox before leaving (ms). */
const SEND_FIRST_LIMIT = 30_000;

/**
 * Sends what it can (`sendFirst`: a round of the outbox, given at most 30 s, while the session
 * still holds), ends the session on the server when it can (offline, the phone forgets it all
 * the same) and goes to the sign-in page. The device store is left whole: what could not be sent
 * waits for this promoter's next sign-in (docs/field-app.md "One database per user").
 */
export async function signOutOfField(
  sendFirst?: () => Promise<void>,
  limit = SEND_FIRST_LIMIT,
): Promise<void> {
  if (sendFirst) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      sendFirst().catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, limit))),
    ]);
    clearTimeout(timer);
  }
  try {
    await unwrap(getApiClient().POST('/auth/logout'));
  } catch {
    // Nothing to do: the token is dropped below and the user forgotten.
  } finally {
    setAccessToken(null);
  }
  endFieldSession();
}
