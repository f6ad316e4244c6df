/**
 * A project's files (docs/product.md#files; docs/decisions/0030-files-and-approvals.md): stored
 * after the bytes are in the storage (services/files/uploads.ts), listed per project, and found for a
 * download only by someone who may see them. Their bytes are cleaned up by file-cleanup.ts.
 *
 * A client's files count against CLIENT_STORAGE_QUOTA_BYTES: checked from the upload's declared
 * length before its bytes are read, and again with its real size in the write that stores it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { projectFiles, projects } from '../../../../db/schema/index.ts';
import { fileTooLargeMessage, storageFullMessage } from '../../../shared/files.ts';
import { staffDisplayName } from '../../../shared/staff-name.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { notifyFileAdded } from '../email/work-notifications.ts';
import { receiveUpload, type ReceivedUpload } from './uploads.ts';
import type { Env } from '../../env/index.ts';

export type FileRow = typeof projectFiles.$inferSelect;

/** A file as the API lists it. */
function fileJson(row: FileRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    size: row.size,
    type: row.type,
    internal: row.internal,
    uploadedBy: row.uploadedBy,
    uploaderName: row.uploadedBy === 'staff' ? staffDisplayName(row.uploaderName) : row.uploaderName,
    communicationId: row.communicationId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The bytes a client's files take, over all its projects. */
async function storageUsed(db: SqlDb, clientId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${projectFiles.size}), 0)` })
    .from(projectFiles)
    .where(eq(projectFiles.clientId, clientId));
  return Number(row?.used ?? 0);
}

/** The message shown when a client's storage is full. */
function quotaError(quotaBytes: number) {
  const message = storageFullMessage(quotaBytes);
  return new AppError(413, 'storage_full', message, { file: message });
}

/**
 * The project `projectId` as seen by its client `clientId` (or by staff when `clientId` is null):
 * its id and its client. NotFoundError when it does not exist or is another client's.
 */
export async function projectFor(db: Database, projectId: string, clientId: string | null) {
  const [project] = await db.read
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, projectId), clientId ? eq(projects.clientId, clientId) : undefined));
  if (!project) throw new NotFoundError('Project not found');
  return project;
}

/**
 * Refuses an upload whose declared length would go over the client's quota, before its bytes
 * are read. AppError 413 `storage_full`.
 */
async function checkQuotaBefore(db: Database, clientId: string, declaredBytes: number, quotaBytes: number) {
  if ((await storageUsed(db.read, clientId)) + declaredBytes > quotaBytes) throw quotaError(quotaBytes);
}

/**
 * Stores the row of an uploaded file, its quota checked with its real size in the same write, and
 * records `project-updated` for the live screens. When the write fails or the quota is over, the
 * bytes are deleted from the storage and the error is thrown again.
 */
async function saveUploadedFile(
  db: Database,
  storage: FileStorage,
  upload: ReceivedUpload,
  file: {
    projectId: string;
    clientId: string;
    internal: boolean;
    uploadedBy: 'client' | 'staff';
    uploaderName: string;
    /** The client member who uploaded it (docs/product.md#client-teams); absent for staff. */
    uploaderMemberId?: string | null;
    quotaBytes: number;
  },
): Promise<FileRow> {
  try {
    return await db.write(async (tx) => {
      if ((await storageUsed(tx, file.clientId)) + upload.size > file.quotaBytes) throw quotaError(file.quotaBytes);
      const [row] = await tx
        .insert(projectFiles)
        .values({
          projectId: file.projectId,
          clientId: file.clientId,
          storageKey: upload.key,
          name: upload.name,
          size: upload.size,
          type: upload.type,
          sha256: upload.sha256,
          internal: file.internal,
          uploadedBy: file.uploadedBy,
          uploaderName: file.uploaderName,
          uploaderMemberId: file.uploaderMemberId ?? null,
          createdAt: new Date(),
        })
        .returning();
      await recordProjectsUpdated(tx, file.projectId);
      if (!file.internal) {
        await notifyFileAdded(tx, file, { id: row!.id, by: file.uploadedBy });
      }
      return row!;
    });
  } catch (error) {
    await storage.delete(upload.key).catch(() => undefined);
    throw error;
  }
}

/** A project's files, oldest first; the client's view leaves internal files out. */
async function listProjectFiles(db: Database, projectId: string, { includeInternal }: { includeInternal: boolean }) {
  const rows = await db.read
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), includeInternal ? undefined : eq(projectFiles.internal, false)))
    .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id));
  return rows.map(fileJson);
}

/**
 * The file `id` for a download: for staff any file; for a client only a file of its own projects
 * that is not internal. NotFoundError otherwise (another client's file looks missing).
 */
export async function fileFor(
  db: Database,
  id: string,
  viewer: { staff: true } | { clientId: string },
): Promise<FileRow> {
  const [row] = await db.read.select().from(projectFiles).where(eq(projectFiles.id, id));
  if (!row || ('clientId' in viewer && (row.clientId !== viewer.clientId || row.internal))) {
    throw new NotFoundError('File not found');
  }
  return row;
}

/** The storage keys of a project's or a client's files, as `tx` sees them. */
export async function storageKeysOf(tx: SqlDb, owner: { projectId: string } | { clientId: string }): Promise<string[]> {
  const rows = await tx
    .select({ key: projectFiles.storageKey })
    .from(projectFiles)
    .where(
      'projectId' in owner ? eq(projectFiles.projectId, owner.projectId) : eq(projectFiles.clientId, owner.clientId),
    );
  return rows.map((row) => row.key);
}

/** Bytes a multipart body may carry beyond its file: the boundaries, headers and short fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Receives one upload into `project` from a request's multipart body and stores its row
 * (docs/product.md#files): refused before any byte is read when the declared length is over
 * UPLOAD_MAX_BYTES or the client's quota; then streamed (services/files/uploads.ts) and stored.
 * Staff's `internal=true` field makes the file internal. A client member's upload records the
 * member and their name as staff see it ("Dana Reyes (Acme Bakery)", docs/product.md#client-teams).
 * @returns the stored file as the upload routes answer it
 * @throws {AppError} 413, 415, 422 or 400 as `receiveUpload` and the quota say
 */
export async function uploadToProject(
  deps: { db: Database; storage: FileStorage; env: Pick<Env, 'UPLOAD_MAX_BYTES' | 'CLIENT_STORAGE_QUOTA_BYTES'> },
  request: Request,
  project: { id: string; clientId: string },
  uploader: { kind: 'client' | 'staff'; name: string; memberId?: string },
) {
  const { db, env, storage } = deps;
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > env.UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    const message = fileTooLargeMessage(env.UPLOAD_MAX_BYTES);
    throw new AppError(413, 'file_too_large', message, { file: message });
  }
  await checkQuotaBefore(
    db,
    project.clientId,
    Math.max(0, declared - MULTIPART_OVERHEAD_BYTES),
    env.CLIENT_STORAGE_QUOTA_BYTES,
  );
  const received = await receiveUpload(
    request.body,
    request.headers.get('content-type') ?? undefined,
    storage,
    env.UPLOAD_MAX_BYTES,
  );
  const row = await saveUploadedFile(db, storage, received, {
    projectId: project.id,
    clientId: project.clientId,
    internal: uploader.kind === 'staff' && received.fields.internal === 'true',
    uploadedBy: uploader.kind,
    uploaderName: uploader.name,
    uploaderMemberId: uploader.memberId ?? null,
    quotaBytes: env.CLIENT_STORAGE_QUOTA_BYTES,
  });
  return { id: row.id, name: row.name, size: row.size, type: row.type };
}

/**
 * A project's files (the client's without internal ones) and `storage`: the bytes the client's
 * files take (`used`), CLIENT_STORAGE_QUOTA_BYTES (`quota`) and UPLOAD_MAX_BYTES (`fileMax`).
 */
export async function filesOfProject(
  db: Database,
  project: { id: string; clientId: string },
  { includeInternal, quotaBytes, fileMaxBytes }: { includeInternal: boolean; quotaBytes: number; fileMaxBytes: number },
) {
  return {
    items: await listProjectFiles(db, project.id, { includeInternal }),
    storage: { used: await storageUsed(db.read, project.clientId), quota: quotaBytes, fileMax: fileMaxBytes },
  };
}
