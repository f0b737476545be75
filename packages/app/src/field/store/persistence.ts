// Persistent storage (docs/field-app.md "Persistent storage"): a browser may evict an origin's
// IndexedDB under storage pressure unless the origin's storage is persistent.

/**
 * Where the device store stands: `persisted` (the browser keeps it until the user clears it),
 * `refused` (asked, not granted: the browser may evict it when the phone runs out of space),
 * `unknown` (not asked yet) or `unsupported` (no StorageManager: an old browser, an insecure page).
 */
export type Persistence = 'persisted' | 'refused' | 'unknown' | 'unsupported';

/** Whether the device store is persistent already; asks nothing. */
export async function currentPersistence(
  storage: StorageManager | undefined = navigator.storage,
): Promise<Persistence> {
  if (typeof storage?.persisted !== 'function') return 'unsupported';
  try {
    return (await storage.persisted()) ? 'persisted' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Asks the browser to keep the device store (`navigator.storage.persist()`). Chromium answers
 * at once from the site's engagement (an installed app is granted); Firefox asks the person, so
 * it is asked when there is something to keep (a visit), not on the first load.
 */
export async function requestPersistence(
  storage: StorageManager | undefined = navigator.storage,
): Promise<Persistence> {
  if (typeof storage?.persist !== 'function') return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'refused';
  } catch {
    return 'refused';
  }
}
