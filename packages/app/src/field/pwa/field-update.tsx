import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import { openFieldDb } from '../store/db';
import { applyUpdate, subscribeUpdate, updateStatus } from './service-worker';
import { UpdatePrompt } from './update-prompt';

/** How often the store is read again while a new version waits for a visit to be finished. */
const RECHECK_MS = 15_000;

/** Whether the signed-in promoter's device store holds a draft visit (one being captured). */
async function hasDraftVisit(userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const db = await openFieldDb(userId);
  try {
    return (await db.countFromIndex('visits', 'by-state', 'draft')) > 0;
  } finally {
    db.close();
  }
}

/**
 * The update prompt of the field app: shown once a new version of the service worker waits; held
 * back while the device store has a draft visit, read again every few seconds meanwhile.
 */
export function FieldUpdate() {
  const status = useSyncExternalStore(subscribeUpdate, updateStatus);
  const userId = useAuthStore((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));
  const [visitInProgress, setVisitInProgress] = useState(false);
  const available = status !== 'current';

  const check = useCallback(async () => {
    // A store that cannot be read is treated as holding a visit: never risk interrupting one.
    const draft = await hasDraftVisit(userId).catch(() => true);
    setVisitInProgress(draft);
    return draft;
  }, [userId]);

  useEffect(() => {
    if (!available) return;
    void check();
    const id = window.setInterval(() => void check(), RECHECK_MS);
    return () => window.clearInterval(id);
  }, [available, check]);

  return (
    <UpdatePrompt
      available={available}
      visitInProgress={visitInProgress}
      checkVisitInProgress={check}
      onUpdate={applyUpdate}
    />
  );
}
