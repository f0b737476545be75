import { mkdir, open, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/**
 * Where file bytes live. Keys are relative, slash-separated names (`ab/ab12...e9.jpg`); the
 * `files` table maps file ids to keys. A local folder by default; an S3-compatible
 * implementation can replace it without touching callers.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[A-Za-z0-9]+)?$/;

/** Files under one folder (`dataDir/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key "${key}"`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    // Open first, so that "missing" is known here and not as a late stream error.
    let handle: FileHandle;
    try {
      handle = await open(target, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return null;
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream();
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
