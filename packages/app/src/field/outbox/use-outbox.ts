import { useCallback, useEffect, useRef, useState } from 'react';
import { endFieldSession } from '../field-session';
import { openFieldDb, type FieldDb, type StoredVisit } from '../store/db';
import { mexicoCityDay } from '../store/visits';
import { createOutbox, type Outbox, type OutboxStatus } from './outbox';
import { discardVisit, isUnsent, outboxVisits, reopenVisit } from './outbox-visits';
import type { ToRequest } from './send';

/** The outbox as the screens read it. */
export interface OutboxView {
  /** Unsent visits (any day) and today's sent ones, oldest first; empty while the store opens. */
  visits: readonly StoredVisit[];
  /** How many of them are not on the server yet (pending, sending, rejected). */
  unsent: number;
  status: OutboxStatus;
  /** A round now ('Enviar ahora', a visit just finished). */
  send: () => void;
  /** A round now, resolved once it is over (the sign-out's last round). */
  flush: () => Promise<void>;
  /** Deletes a rejected visit (after the promoter confirmed it). */
  discard: (uuid: string) => Promise<void>;
  /** A rejected visit back to a draft, to correct it. */
  reopen: (uuid: string) => Promise<void>;
}

const IDLE: OutboxStatus = { isSending: false, problem: null, retryAt: null };

/**
 * The signed-in promoter's outbox: opened with the app (visits a crash left `sending` are pending
 * again and everything pending is sent), then on `online`, on demand, and after each failure as
 * the back-off says, and whenever `today` (the day's visits as the app keeps them) shows a
 * pending one. Its own connection to the device store, so the capture's never waits for it.
 */
export function useOutbox(
  userId: number,
  toRequest: ToRequest,
  today: ReadonlyMap<string, StoredVisit>,
): OutboxView {
  const [visits, setVisits] = useState<readonly StoredVisit[]>([]);
  const [status, setStatus] = useState<OutboxStatus>(IDLE);
  const db = useRef<FieldDb | null>(null);
  const outbox = useRef<Outbox | null>(null);

  const reload = useCallback(async () => {
    if (db.current) setVisits(await outboxVisits(db.current, mexicoCityDay(new Date())));
  }, []);

  useEffect(() => {
    let cancelled = false;
    let opened: FieldDb | null = null;
    let started: Outbox | null = null;
    void (async () => {
      opened = await openFieldDb(userId);
      if (cancelled) return opened.close();
      db.current = opened;
      started = createOutbox({
        db: opened,
        toRequest,
        onChange: (next) => {
          setStatus(next);
          void reload();
        },
        onSessionOver: endFieldSession,
      });
      outbox.current = started;
      await reload();
      await started.start();
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      started?.stop();
      opened?.close();
      db.current = null;
      outbox.current = null;
    };
  }, [userId, toRequest, reload]);

  const flush = useCallback(async () => {
    await outbox.current?.send();
  }, []);
  const send = useCallback(() => void flush(), [flush]);
  // A visit of today just finished (the check-in's 'No disponible', the check-out) goes at once.
  const hasPending = [...today.values()].some((visit) => visit.state === 'pending');
  useEffect(() => {
    if (hasPending) send();
    else void reload();
  }, [today, hasPending, send, reload]);
  const discard = useCallback(
    async (uuid: string) => {
      if (db.current) await discardVisit(db.current, uuid);
      await reload();
    },
    [reload],
  );
  const reopen = useCallback(
    async (uuid: string) => {
      if (db.current) await reopenVisit(db.current, uuid);
      await reload();
    },
    [reload],
  );
  const unsent = visits.filter(isUnsent).length;
  return { visits, unsent, status, send, flush, discard, reopen };
}
