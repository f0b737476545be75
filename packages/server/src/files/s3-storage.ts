import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../env.ts';
import { assertStorageKey, type FileStorage, type StoredObject } from './storage.ts';

/**
 * Parts of a streamed upload: S3's minimum is 5 MiB (except the last part) and its maximum
 * 10 000 parts, so 8 MiB parts take files up to 78 GiB while holding one part in memory.
 */
const PART_SIZE = 8 * 1024 * 1024;
/** The readiness check's HEAD on the bucket gives up after this long. */
const CHECK_TIMEOUT_MS = 2000;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  csv: 'text/csv',
};

function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The SDK's "no such key" (GetObject: NoSuchKey; HeadObject has no body, so NotFound/404). */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

type Sdk = typeof S3Sdk;

/**
 * Files in a bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2, DigitalOcean
 * Spaces, s3rver in the tests), under an optional key prefix. The bucket must exist.
 *
 * The AWS SDK is imported when a storage is created, not when this module is: the server's
 * bundle keeps npm packages external and hoists their static imports to its top, so a static
 * import would cost every start, local folder or not, about 0.5 s and 20 MiB (docs/deployment.md).
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  static async create(config: S3StorageConfig): Promise<S3FileStorage> {
    return new S3FileStorage(config, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    readonly config: S3StorageConfig,
    private readonly sdk: Sdk,
  ) {
    this.client = new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Unset: the SDK's own chain (AWS_PROFILE, web identity, ECS/EC2 instance roles...).
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: the SDK's newer default (CRC32 on every upload
      // and download) is refused or mishandled by several S3-compatible services.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // 5 s to connect; 60 s until an answer begins, then a failure (the SDK's default only
      // warns); 5 minutes without a byte on a connection. That idle limit also holds for a body
      // left unread, as the ZIP of photos does with the few it opens ahead while a slow client
      // downloads the ones before (visits/photo-zip.ts): long enough for that, short enough
      // that a stuck connection does not hold a request forever.
      requestHandler: {
        connectionTimeout: 5000,
        requestTimeout: 60_000,
        throwOnRequestTimeout: true,
        socketTimeout: 5 * 60_000,
      },
    });
  }

  private keyOf(key: string): string {
    assertStorageKey(key);
    return `${this.config.prefix}${key}`;
  }

  /**
   * One PutObject. Its MD5 goes along twice: as Content-MD5, so S3 refuses bytes damaged on the
   * way, and as the object's `md5` metadata, so `head` knows it even where the ETag is not an
   * MD5 (objects encrypted with KMS).
   */
  async put(key: string, data: Buffer): Promise<void> {
    const md5 = createHash('md5').update(data).digest();
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        ContentMD5: md5.toString('base64'),
        Metadata: { md5: md5.toString('hex') },
      }),
    );
  }

  /** One PutObject when the stream fits in a part; otherwise a multipart upload, part by part. */
  async putStream(key: string, data: Readable): Promise<void> {
    const Bucket = this.config.bucket;
    const Key = this.keyOf(key);
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (body: Buffer) => {
      uploadId ??= (
        await this.client.send(
          new this.sdk.CreateMultipartUploadCommand({
            Bucket,
            Key,
            ContentType: contentTypeOf(key),
          }),
        )
      ).UploadId!;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new this.sdk.UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }),
      );
      parts.push({ PartNumber, ETag });
    };
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of data) {
        pending.push(chunk as Buffer);
        pendingBytes += (chunk as Buffer).length;
        if (pendingBytes < PART_SIZE) continue;
        await sendPart(Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) return await this.put(key, rest);
      if (rest.length > 0) await sendPart(rest);
      await this.client.send(
        new this.sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      data.destroy();
      if (uploadId !== undefined) {
        await this.client
          .send(new this.sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      // In Node the body is the HTTP response itself (an IncomingMessage).
      return Body as Readable;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      const etag = head.ETag?.replaceAll('"', '') ?? '';
      // A multipart object's ETag is `<hash>-<parts>`; an encrypted one's is no MD5 at all.
      const etagIsMd5 =
        /^[0-9a-f]{32}$/.test(etag) &&
        !head.SSECustomerAlgorithm &&
        !head.ServerSideEncryption?.startsWith('aws:kms');
      const md5 = head.Metadata?.md5 ?? (etagIsMd5 ? etag : undefined);
      return { size: head.ContentLength ?? 0, ...(md5 ? { md5 } : {}) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
    );
  }

  async check(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.config.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  describe(): string {
    const where = this.config.endpoint ?? `AWS S3 (${this.config.region})`;
    return `S3 bucket ${this.config.bucket}${this.config.prefix ? `/${this.config.prefix}` : ''} at ${where}`;
  }
}
