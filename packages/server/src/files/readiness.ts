import type { FastifyBaseLogger } from 'fastify';
import { serviceUnavailable } from '../http/errors.ts';
import type { FileStorage } from './storage.ts';

/** A storage's answer is reused this long: a balancer probing every second costs one HEAD per 5 s. */
const REUSE_MS = 5000;

const recent = new WeakMap<FileStorage, { at: number; ready: Promise<boolean> }>();

/**
 * For the readiness answer (routes/health.ts): throws 503 when the file storage cannot be
 * reached (S3: a HEAD on the bucket, given up after 2 s; local: the folder is writable).
 * Probes arriving together share one check, and an answer is reused for 5 seconds.
 */
export async function assertStorageReady(
  storage: FileStorage,
  log: FastifyBaseLogger,
): Promise<void> {
  let entry = recent.get(storage);
  if (!entry || Date.now() - entry.at > REUSE_MS) {
    const ready = storage.check().then(
      () => true,
      (error: unknown) => {
        log.error({ err: error }, 'health check: file storage unavailable');
        return false;
      },
    );
    entry = { at: Date.now(), ready };
    recent.set(storage, entry);
  }
  if (!(await entry.ready)) throw serviceUnavailable();
}
