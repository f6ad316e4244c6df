/**
 * The work on a project in the portal (docs/product.md#files, docs/product.md#approvals): its
 * approvals (waiting ones first, each answerable), its Files (add by drop, paste or picker with
 * progress and Cancel; the client's storage used / total; a client deletes only what it added),
 * and its activity (files added, approvals asked for and answered, in order).
 */
import { formatBytes } from '../../shared/bytes.ts';
import { ProjectActivity, activityOf } from '../files/approval-parts.tsx';
import { FileDrop, pastedFiles } from '../files/file-drop.tsx';
import { FileList } from '../files/file-list.tsx';
import { api } from '../lib/api.ts';
import { useUploads } from '../files/use-uploads.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Loading } from '../ui/loading.tsx';
import { ApprovalCard } from './approvals.tsx';
import { useDeleteOwnFile } from './mutations.ts';
import { useApprovals, useProjectFiles } from './queries.ts';

/** Files' upload address for project `projectId`, from the typed client (uploads with progress use XHR). */
export const portalFilesUrl = (projectId: string) =>
  api.client.projects[':projectId'].files.$path({ param: { projectId } });

function DeleteOwnFile({ projectId, file }: { projectId: string; file: { id: string; name: string } }) {
  const remove = useDeleteOwnFile(projectId, file.id);
  return (
    <ConfirmDelete
      label={`Delete ${file.name}`}
      title={`Delete ${file.name}?`}
      description="The file will be deleted for you and for the team."
      confirmLabel="Delete file"
      mutation={remove}
      failureTitle="Could not delete the file"
    />
  );
}

/** The project's Files section. */
export function FilesSection({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const uploads = useUploads({ url: portalFilesUrl(projectId), limits: files.data?.storage });
  return (
    <section aria-labelledby="files-title" className="grid content-start gap-4">
      <h2 id="files-title" className="text-xl font-bold text-ink-900">
        Files
      </h2>
      <div onPaste={(event) => uploads.add(pastedFiles(event))}>
        <FileDrop
          label="Upload files"
          hint={`Drop, paste or pick files${files.data ? `, up to ${formatBytes(files.data.storage.fileMax)} each` : ''}.`}
          uploads={uploads.uploads}
          onFiles={uploads.add}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
        />
      </div>
      {files.isPending ? (
        <Loading label="Loading files..." compact />
      ) : files.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
          We could not load the files. Please reload the page.
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-700">
            Storage: {formatBytes(files.data.storage.used)} of {formatBytes(files.data.storage.quota)} used
          </p>
          <FileList
            files={files.data.items}
            empty="No files yet."
            actions={(file) =>
              file.uploadedBy === 'client' ? <DeleteOwnFile projectId={projectId} file={file} /> : null
            }
          />
        </>
      )}
    </section>
  );
}

/** The project's approvals, waiting ones first; nothing when none was asked for. */
export function ApprovalsSection({ projectId }: { projectId: string }) {
  const approvals = useApprovals();
  const mine = approvals.data?.filter((a) => a.projectId === projectId) ?? [];
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="approvals-title" className="grid gap-4">
      <h2 id="approvals-title" className="text-xl font-bold text-ink-900">
        Approvals
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {mine.map((a) => (
          <ApprovalCard key={a.id} approval={a} />
        ))}
      </ul>
    </section>
  );
}

/** Files added and approvals asked for and answered on the project, in order. */
export function ActivitySection({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const approvals = useApprovals();
  if (!files.data || !approvals.data) return null;
  const mine = approvals.data.filter((a) => a.projectId === projectId);
  return (
    <section aria-labelledby="activity-title" className="grid content-start gap-4">
      <h2 id="activity-title" className="text-xl font-bold text-ink-900">
        Activity
      </h2>
      <ProjectActivity entries={activityOf(files.data.items, mine)} empty="Nothing has happened yet." />
    </section>
  );
}
