/**
 * A project's files, approvals and time entries on the dashboard (docs/product.md#files,
 * docs/product.md#approvals, docs/product.md#time-tracking): the reads (fresh 2 minutes, polled only while the live stream is
 * down, marked stale by the live events about the project: queries.ts) and the writes (an upload
 * is uploads' own: files/use-uploads.ts; asking for an approval, deleting a file, logging time and
 * deleting a time entry, which also refresh the project's Hours Used).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval } from '../lib/live.ts';
import { FRESH_LIST_MS } from '../lib/query.ts';

export const workKeys = {
  files: (projectId: string) => ['admin', 'files', projectId],
  approvals: (projectId: string) => ['admin', 'approvals', projectId],
  timeEntries: (projectId: string) => ['admin', 'time-entries', projectId],
} as const;

const fetchFiles = (id: string) => unwrap(api.admin.projects[':id'].files.$get({ param: { id } }));
const fetchApprovals = (id: string) => unwrap(api.admin.projects[':id'].approvals.$get({ param: { id } }));
const fetchTimeEntries = (id: string) => unwrap(api.admin.projects[':id']['time-entries'].$get({ param: { id } }));

/** A project's files (internal ones included) and its client's storage. */
export type AdminFiles = Awaited<ReturnType<typeof fetchFiles>>;
/** An approval with what it is about and, once answered, the decision. */
export type AdminApproval = Awaited<ReturnType<typeof fetchApprovals>>[number];
/** Time logged against a project: who, which day, how many hours, the note. */
export type AdminTimeEntry = Awaited<ReturnType<typeof fetchTimeEntries>>[number];

/** Project `projectId`'s files and its client's storage used, allowed, and the largest file. */
export const useProjectFiles = (projectId: string) =>
  useQuery({
    queryKey: workKeys.files(projectId),
    queryFn: () => fetchFiles(projectId),
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/** Project `projectId`'s approvals in the order they were asked for. */
export const useProjectApprovals = (projectId: string) =>
  useQuery({
    queryKey: workKeys.approvals(projectId),
    queryFn: () => fetchApprovals(projectId),
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/** Asks the client of `projectId` to approve a milestone or a file; the approvals are refreshed. */
export function useRequestApproval(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { milestoneId?: string; fileId?: string; title: string }) =>
      unwrap(api.admin.approvals.$post({ json: { projectId, ...values } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workKeys.approvals(projectId) }),
  });
}

/** Deletes file `id` of `projectId`; its files are refreshed. */
export function useDeleteFile(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.files[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workKeys.files(projectId) }),
  });
}

/** Project `projectId`'s time entries, the newest day first. */
export const useTimeEntries = (projectId: string) =>
  useQuery({
    queryKey: workKeys.timeEntries(projectId),
    queryFn: () => fetchTimeEntries(projectId),
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/** What logging or deleting time changes: the entries, the project (Hours Used), the activity. */
const timeRefreshes = (projectId: string) => [
  workKeys.timeEntries(projectId),
  ['admin', 'projects'],
  ['admin', 'events'],
];

/** Logs time on `projectId` ({date, hours, note}); the entries and Hours Used are refreshed. */
export function useLogTime(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { date: string; hours: number; note: string | null }) =>
      unwrap(api.admin.projects[':id']['time-entries'].$post({ param: { id: projectId }, json })),
    onSuccess: () =>
      Promise.all(timeRefreshes(projectId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Deletes time entry `entryId` of `projectId`; its hours come off Hours Used. */
export function useDeleteTimeEntry(projectId: string, entryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.admin.projects[':id']['time-entries'][':entryId'].$delete({ param: { id: projectId, entryId } })),
    onSuccess: () =>
      Promise.all(timeRefreshes(projectId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
