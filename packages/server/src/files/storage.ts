import { createHash, randomUUID } from 'node:crypto';
import {
  close,
  constants as fsConstants,
  createReadStream,
  createWriteStream,
  fstat,
  open,
} from 'node:fs';
import { access, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `head` knows of stored bytes without reading them. */
export interface StoredObject {
  size: number;
  /**
   * The MD5 of the bytes, hex, when the storage knows it without reading them (S3: recorded by
   * this driver's `put`, or the ETag of a single-part object not encrypted with KMS or a
   * customer key). Unset: compare sizes only.
   */
  md5?: string;
}

/**
 * Where file bytes live. Keys are relative, slash-separated names (`ab/ab12...e9.jpg`); the
 * `files` table maps file ids to keys. A local folder (LocalFileStorage, the default) or an
 * S3-compatible bucket (s3-storage.ts), chosen by configuration (create-storage.ts); callers
 * never know which. Every driver passes the same contract suite (test/files/storage-contract).
 */
export interface FileStorage {
  /** Stores the bytes; a reader sees the previous bytes or these, never a mix. */
  put(key: string, data: Buffer): Promise<void>;
  /** Like `put`, from a stream, holding a bounded part of it in memory (big files). */
  putStream(key: string, data: Readable): Promise<void>;
  /** The bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Size (and entity tag when known) of the stored bytes, or null when the key does not exist. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes the bytes; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Readiness: resolves when the storage can be reached, rejects otherwise (quickly). */
  check(): Promise<void>;
  /** Where the bytes live, for logs and the start-up banner (no secret). */
  describe(): string;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[A-Za-z0-9]+)?$/;
const MAX_KEY_LENGTH = 200;

/** Throws unless `key` is a storage key (no `..`, no leading slash, no odd characters). */
export function assertStorageKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw new Error(`Invalid storage key "${key.slice(0, MAX_KEY_LENGTH)}"`);
  }
}

/** The MD5 of a stream's bytes, hex (what S3 calls the ETag of a single-part object). */
export async function md5Of(stream: Readable): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const openFile = promisify(open);
const fstatFile = promisify(fstat);
const closeFile = promisify(close);
/** Read chunk: photos are a few hundred KB, read in a few chunks rather than many of 64 KB. */
const READ_CHUNK_BYTES = 256 * 1024;

/** Files under one folder (`dataDir/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** A temporary name next to the target: written there, then renamed over it. */
  private async temporaryFor(key: string): Promise<{ target: string; temporary: string }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    return { target, temporary: `${target}.${randomUUID()}.tmp` };
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { target, temporary } = await this.temporaryFor(key);
    // Write then rename, so a reader never sees half a file.
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  async putStream(key: string, data: Readable): Promise<void> {
    const { target, temporary } = await this.temporaryFor(key);
    try {
      await pipeline(data, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    // Open first, so that "missing" is known here and not as a late stream error. A numeric
    // descriptor, not a FileHandle: a FileHandle's read stream awaits a promise per chunk and
    // read photos at about half the speed (the ZIP of photos, bench/README.md); the stream
    // reads the descriptor that was checked, so a file renamed over meanwhile cannot mix in.
    let fd: number;
    try {
      fd = await openFile(target, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      if (!(await fstatFile(fd)).isFile()) {
        await closeFile(fd);
        return null;
      }
    } catch (error) {
      await closeFile(fd).catch(() => {});
      throw error;
    }
    return createReadStream(target, { fd, highWaterMark: READ_CHUNK_BYTES });
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const stats = await stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async check(): Promise<void> {
    // The folder is made by the first put; before that, its parent must be writable.
    await mkdir(this.root, { recursive: true });
    await access(this.root, fsConstants.W_OK);
  }

  describe(): string {
    return `local folder ${this.root}`;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}
