/**
 * Files in the notification emails (docs/product.md#files): a message's attachments as one line
 * under its quote, each file named with its size. The files themselves are never attached to an
 * email; the reader opens them in the portal or the dashboard.
 */
import { Text } from '@react-email/components';
import { formatBytes } from '../../../../shared/bytes.ts';
import { text } from './layout.tsx';
import type { FileMention } from './types.ts';

/** 'report.pdf (1.2 MB)'. */
export function fileLabel(file: FileMention): string {
  return `${file.name} (${formatBytes(file.size)})`;
}

/** 'Attached: a.pdf (1.2 MB), b.png (300 KB)', or nothing when there is no file. */
export function AttachedFiles({ files }: { files: FileMention[] | undefined }) {
  if (!files || files.length === 0) return null;
  return <Text style={{ ...text.body, margin: '4px 0 8px' }}>{`Attached: ${files.map(fileLabel).join(', ')}`}</Text>;
}
