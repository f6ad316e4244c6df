/**
 * Files attached to a message as it is written (docs/product.md#files): each is uploaded to the
 * project's Files at once (with its progress and Cancel), and the message carries the ids of the
 * ones uploaded (`attachments`, at most ATTACHMENTS_MAX). Files dropped on the zone, picked, or
 * pasted into the form (`onPaste`) are attached.
 */
import type { ClipboardEvent } from 'react';
import { formatBytes } from '../../shared/bytes.ts';
import { ATTACHMENTS_MAX } from '../../shared/schemas/attachments.ts';
import { FileDrop, pastedFiles } from './file-drop.tsx';
import { useUploads, type UploadLimits } from './use-uploads.ts';

/**
 * The composer's uploads: `ids` of the files uploaded, `busy` while one is still going, `onPaste`
 * for the form, `reset()` once the message is sent.
 */
export function useAttachments(url: string, limits: UploadLimits | undefined) {
  const uploads = useUploads({ url, limits, maxFiles: ATTACHMENTS_MAX });
  const ids = uploads.uploads.flatMap((u) => (u.status === 'done' && u.file ? [u.file.id] : []));
  const busy = uploads.uploads.some((u) => u.status === 'uploading');
  const onPaste = (event: ClipboardEvent) => {
    const files = pastedFiles(event);
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };
  return { ...uploads, ids, busy, onPaste, limits };
}

/** The 'Attach files' zone of a message form. */
export function AttachmentsField({ attachments }: { attachments: ReturnType<typeof useAttachments> }) {
  const max = attachments.limits ? `, up to ${formatBytes(attachments.limits.fileMax)} each` : '';
  return (
    <FileDrop
      compact
      label="Attach files"
      hint={`Drop or paste up to ${ATTACHMENTS_MAX} files${max}.`}
      uploads={attachments.uploads}
      onFiles={attachments.add}
      onCancel={attachments.cancel}
      onDismiss={attachments.dismiss}
    />
  );
}
