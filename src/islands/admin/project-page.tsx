/**
 * A project's own page on the dashboard, '#project/{id}' (docs/product.md#files,
 * docs/product.md#approvals): its Files (upload by drop, paste or picker, each with progress and
 * Cancel; 'Internal' keeps a file from the client; the client's storage used / total), its
 * approvals (ask for one on a milestone or a file; each with its state and the client's answer),
 * and its activity (files added, approvals asked for and answered, in order). It updates live.
 */
import { CheckSquare, Pencil } from 'lucide-react';
import { useState } from 'react';
import { formatBytes } from '../../shared/bytes.ts';
import {
  ApprovalBadge,
  ApprovalDecision,
  ApprovalSubject,
  ProjectActivity,
  activityOf,
} from '../files/approval-parts.tsx';
import { FileDrop, pastedFiles } from '../files/file-drop.tsx';
import { FileList } from '../files/file-list.tsx';
import { useUploads } from '../files/use-uploads.ts';
import { formatDateTime } from '../lib/format.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Loading } from '../ui/loading.tsx';
import { ProjectStatusBadge } from '../ui/status-badge.tsx';
import { RequestApprovalDialog } from './approval-request.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { ListError } from './parts.tsx';
import { useProject, type AdminProject } from './queries.ts';
import { navigate } from './route.ts';
import {
  useDeleteFile,
  useProjectApprovals,
  useProjectFiles,
  type AdminApproval,
  type AdminFiles,
} from './work-queries.ts';

function StorageLine({ storage }: { storage: AdminFiles['storage'] }) {
  return (
    <p className="text-sm text-ink-700">
      Client storage: {formatBytes(storage.used)} of {formatBytes(storage.quota)} used
    </p>
  );
}

function DeleteFile({ projectId, file }: { projectId: string; file: { id: string; name: string } }) {
  const remove = useDeleteFile(projectId, file.id);
  return (
    <ConfirmDelete
      label={`Delete ${file.name}`}
      title={`Delete ${file.name}?`}
      description="The file will be deleted for the team and the client. Approvals keep the record of what was approved."
      confirmLabel="Delete file"
      mutation={remove}
      failureTitle="Could not delete the file"
    />
  );
}

function FilesPanel({ project }: { project: AdminProject }) {
  const files = useProjectFiles(project.id);
  const [internal, setInternal] = useState(false);
  const uploads = useUploads({
    url: `/api/admin/projects/${encodeURIComponent(project.id)}/files`,
    limits: files.data?.storage,
    internal,
  });
  return (
    <Panel title="Files" id="project-files-heading">
      <div className="grid gap-4" onPaste={(event) => uploads.add(pastedFiles(event))}>
        <FileDrop
          label="Upload files"
          hint={`Drop, paste or pick files, up to ${files.data ? formatBytes(files.data.storage.fileMax) : '…'} each.`}
          uploads={uploads.uploads}
          onFiles={uploads.add}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
        >
          <label className="flex items-center gap-2 text-sm font-semibold text-ink-900">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={internal}
              onChange={(event) => setInternal(event.target.checked)}
            />
            Internal (never shown to the client)
          </label>
        </FileDrop>
        {files.isPending ? (
          <Loading label="Loading files..." compact />
        ) : files.isError ? (
          <ListError what="files" />
        ) : (
          <>
            <StorageLine storage={files.data.storage} />
            <FileList
              files={files.data.items}
              empty="No files yet."
              actions={(file) => (
                <>
                  {!file.internal && (
                    <RequestApprovalDialog
                      projectId={project.id}
                      preset={{ fileId: file.id, title: file.name }}
                      trigger={
                        <button type="button" className="btn-secondary px-3 py-1.5 text-sm">
                          <CheckSquare aria-hidden="true" className="size-4" />
                          Ask for approval<span className="sr-only"> of {file.name}</span>
                        </button>
                      }
                    />
                  )}
                  <DeleteFile projectId={project.id} file={file} />
                </>
              )}
            />
          </>
        )}
      </div>
    </Panel>
  );
}

function ApprovalItem({ approval }: { approval: AdminApproval }) {
  return (
    <li className="rounded-xl p-4 ring-1 ring-ink-700/10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-ink-900">{approval.title}</h3>
        <ApprovalBadge status={approval.status} />
      </div>
      <p className="mt-1 text-sm text-ink-700">
        Asked by {approval.requestedByName} on {formatDateTime(approval.requestedAt)}
      </p>
      <ApprovalSubject approval={approval} />
      <ApprovalDecision approval={approval} />
      {approval.decisionIp && (
        <p className="mt-1 text-xs wrap-anywhere text-ink-700">
          From {approval.decisionIp} · SHA-256 {approval.subjectSha256}
        </p>
      )}
    </li>
  );
}

function ApprovalsPanel({ project }: { project: AdminProject }) {
  const approvals = useProjectApprovals(project.id);
  return (
    <Panel title="Approvals" id="project-approvals-heading">
      <div className="grid gap-4">
        <div>
          <RequestApprovalDialog
            projectId={project.id}
            trigger={
              <button type="button" className="btn-primary">
                <CheckSquare aria-hidden="true" className="size-4" /> Ask for approval
              </button>
            }
          />
        </div>
        {approvals.isPending ? (
          <Loading label="Loading approvals..." compact />
        ) : approvals.isError ? (
          <ListError what="approvals" />
        ) : approvals.data.length === 0 ? (
          <p className="text-ink-700">No approvals asked for yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Approvals">
            {[...approvals.data].reverse().map((a) => (
              <ApprovalItem key={a.id} approval={a} />
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

function ActivityPanel({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const approvals = useProjectApprovals(projectId);
  return (
    <Panel title="Project activity" id="project-activity-heading">
      {files.data && approvals.data ? (
        <ProjectActivity entries={activityOf(files.data.items, approvals.data)} empty="Nothing has happened yet." />
      ) : files.isError || approvals.isError ? (
        <ListError what="activity" />
      ) : (
        <Loading label="Loading activity..." compact />
      )}
    </Panel>
  );
}

/** The page of project `id`. */
export function ProjectPage({ id }: { id: string }) {
  const project = useProject(id);
  return (
    <RecordPage
      query={project}
      what="project"
      backHref="#projects"
      backLabel="Back to projects"
      title={(p) => p.title}
      actions={(p) => (
        <button type="button" className="btn-secondary" onClick={() => navigate(`projects/${p.id}`, 'push')}>
          <Pencil aria-hidden="true" className="size-4" /> Edit project
        </button>
      )}
    >
      {(p) => (
        <div className="grid gap-6">
          <p className="flex flex-wrap items-center gap-2 text-ink-700">
            <ProjectStatusBadge status={p.status} />
            {p.client ? (
              <a href={`#client/${p.clientId}`} className="font-semibold text-brand-700 hover:underline">
                {p.client.name}
              </a>
            ) : (
              'Unknown client'
            )}
          </p>
          <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="grid content-start gap-6">
              <FilesPanel project={p} />
              <ApprovalsPanel project={p} />
            </div>
            <ActivityPanel projectId={p.id} />
          </div>
        </div>
      )}
    </RecordPage>
  );
}
