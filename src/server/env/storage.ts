/**
 * The environment's settings of uploaded files (docs/product.md#files): where they are stored
 * (a folder or an S3-compatible bucket), the largest upload and each client's quota.
 */
import { z } from 'zod';
import { optionalString, optionalUrl } from './fields.ts';

export const storageEnv = {
  /** Where uploaded files go (docs/product.md#files): `fs`, the folder UPLOADS_DIR, or `s3`, a bucket. */
  STORAGE_DRIVER: z.enum(['fs', 's3'], { error: 'must be fs or s3' }).default('fs'),
  /** The folder of uploaded files when STORAGE_DRIVER is fs. */
  UPLOADS_DIR: z.string().trim().min(1).default('db/uploads'),
  /** The S3-compatible bucket when STORAGE_DRIVER is s3, with its region, endpoint and keys. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2…); unset for Amazon S3. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The largest file accepted, in bytes (docs/product.md#files): 25 MB. */
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .default(25 * 1024 * 1024),
  /** The bytes of files a client's projects may hold together (docs/product.md#files): 1 GB. */
  CLIENT_STORAGE_QUOTA_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024 bytes' })
    .default(1024 ** 3),
};
