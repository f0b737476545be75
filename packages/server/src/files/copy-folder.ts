import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, md5Of, type FileStorage, type StoredObject } from './storage.ts';

/** Counts of a copy so far (files:to-s3 prints them as it goes). */
export interface CopyProgress {
  /** Files found under the folder that are storage keys. */
  total: number;
  copied: number;
  /** Already in the target with the same size and bytes (a re-run, or a resumed one). */
  skipped: number;
  failed: number;
  /** Bytes of the files copied or skipped so far. */
  bytes: number;
}

export interface CopyReport extends CopyProgress {
  failures: { key: string; reason: string }[];
  /** Files left alone: half-written temporaries (`*.tmp`) and names that are not storage keys. */
  ignored: string[];
}

export interface CopyOptions {
  /** Files copied at once (default 4). */
  concurrency?: number;
  /** Only compare: count what would be copied, copy nothing. */
  dryRun?: boolean;
  onProgress?: (progress: CopyProgress) => void;
}

/** Every regular file under `root`, as slash-separated relative names. */
async function listFiles(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listFiles(root, name)));
    else if (entry.isFile()) names.push(name);
  }
  return names;
}

/** The target holds these bytes: same size, and the same MD5 where the target knows it. */
function sameBytes(stored: StoredObject | null, size: number, md5: string): boolean {
  if (!stored || stored.size !== size) return false;
  return stored.md5 === undefined || stored.md5 === md5;
}

/**
 * Copies the files of a local folder (DATA_DIR/files) into a storage under the same keys.
 * Idempotent and resumable: a file already there with the same size and MD5 is skipped, so a
 * second run, or one after an interruption, copies only what is missing or different. Each copy
 * is verified (head: size and MD5) before it counts. Never deletes or changes a local file.
 */
export async function copyFolderToStorage(
  root: string,
  target: FileStorage,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const report: CopyReport = {
    total: 0,
    copied: 0,
    skipped: 0,
    failed: 0,
    bytes: 0,
    failures: [],
    ignored: [],
  };
  const keys: string[] = [];
  for (const name of await listFiles(root)) {
    try {
      if (name.endsWith('.tmp')) throw new Error('temporary');
      assertStorageKey(name);
      keys.push(name);
    } catch {
      report.ignored.push(name);
    }
  }
  report.total = keys.length;
  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  async function copyOne(key: string): Promise<void> {
    const { size } = await stat(fileOf(key));
    const md5 = await md5Of(createReadStream(fileOf(key)));
    if (sameBytes(await target.head(key), size, md5)) {
      report.skipped += 1;
    } else if (!options.dryRun) {
      await target.putStream(key, createReadStream(fileOf(key)));
      if (!sameBytes(await target.head(key), size, md5)) {
        throw new Error('the copy in the target differs from the file (size or MD5)');
      }
      report.copied += 1;
    } else {
      report.copied += 1;
    }
    report.bytes += size;
  }

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await copyOne(key);
      } catch (error) {
        report.failed += 1;
        report.failures.push({ key, reason: (error as Error).message });
      }
      options.onProgress?.({ ...report });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return report;
}
