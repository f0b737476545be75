// The outbox's schedule: a round now (on opening, on `online`, after a visit is finished), and
// after a failure that may pass, another one later (docs/field-app.md "Sending", step 4).
import {
  CLIENT_ERROR_CODES,
  isApiError,
  isSessionExpired,
  messageForError,
  sendSyncCheckIns,
  uploadSyncPhoto,
} from '@anaquel/api';
import type { FieldDb } from '../store/db';
import { retryDelay, tooManyAttemptsWait } from './backoff';
import { recoverSending, sendRound, type OutboxApi, type ToRequest } from './send';

/** The sync calls as the app makes them. */
const syncApi: OutboxApi = {
  uploadPhoto: (photo) => uploadSyncPhoto(photo),
  sendCheckIns: (checkIns) => sendSyncCheckIns(checkIns),
};

/** Where the outbox stands, for the screens. */
export interface OutboxStatus {
  isSending: boolean;
  /** Why the last round stopped (Spanish), or null. */
  problem: string | null;
  /** When the next attempt is due (ms since the epoch), or null when none is scheduled. */
  retryAt: number | null;
}

export interface OutboxOptions {
  db: FieldDb;
  toRequest: ToRequest;
  api?: OutboxApi;
  /** Called after every change of the status or of the stored visits. */
  onChange?: (status: OutboxStatus) => void;
  /** The session could not be renewed: the promoter must sign in again (the store keeps all). */
  onSessionOver?: () => void;
  random?: () => number;
}

export interface Outbox {
  /** Recovers visits left `sending`, sends, and sends again whenever the phone comes online. */
  start: () => Promise<void>;
  /** A round now (a scheduled retry is brought forward); resolves once it is over. */
  send: () => Promise<void>;
  stop: () => void;
  status: () => OutboxStatus;
}

/** What the promoter reads about a failed round. */
function problemOf(error: unknown): string {
  const unreachable =
    isApiError(error) &&
    (error.errorCode === CLIENT_ERROR_CODES.network ||
      error.errorCode === CLIENT_ERROR_CODES.timeout);
  if (unreachable) return 'Sin conexión: las visitas se enviarán cuando vuelva la señal.';
  // Not a promoter any more: the server says so in words the promoter understands.
  if (isApiError(error) && error.statusCode === 403 && error.errorMessage) {
    return error.errorMessage;
  }
  return messageForError(error);
}

/** An outbox over `db`; nothing happens until `start`. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, toRequest, api = syncApi, onChange, onSessionOver, random } = options;
  let status: OutboxStatus = { isSending: false, problem: null, retryAt: null };
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const update = (change: Partial<OutboxStatus>) => {
    status = { ...status, ...change };
    onChange?.(status);
  };

  const schedule = (error: unknown) => {
    failures++;
    const wait = tooManyAttemptsWait(error) ?? retryDelay(failures, random);
    timer = setTimeout(() => void send(), wait);
    update({ problem: problemOf(error), retryAt: Date.now() + wait });
  };

  const round = async () => {
    update({ isSending: true });
    try {
      const done = await sendRound(db, api, toRequest);
      failures = 0;
      update({
        problem:
          done.malformed.length > 0
            ? 'Una visita no se pudo enviar por un error de la aplicación; se reintentará.'
            : null,
      });
    } catch (error) {
      if (isSessionExpired(error)) onSessionOver?.();
      else if (!stopped) schedule(error);
    } finally {
      update({ isSending: false });
    }
  };

  const send = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    update({ retryAt: null });
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again && !stopped && status.retryAt === null);
      running = null;
    })();
    return running;
  };

  const onOnline = () => void send();

  return {
    async start() {
      await recoverSending(db);
      window.addEventListener('online', onOnline);
      await send();
    },
    send,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    },
    status: () => status,
  };
}
