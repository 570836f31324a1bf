/**
 * Files as download links, each with its type and size: "Form TP (PDF, 759 bytes)".
 * Unlike AttachmentList.astro it has no heading and no ids, so a page can show many of
 * them (one per law, one per sub-category) without duplicate ids. Rendered statically by
 * Astro (downloads, laws) and inside the laws filter island alike.
 */
import { fileTypeLabel, formatFileSize } from './file-size';
import type { Attachment } from '../api/shared';
import type { Lang } from '../i18n/config';
import type { Text } from './text';

interface Props {
  files: Attachment[];
  /** Accessible name of the list, e.g. "Attachments: <law title>". */
  label?: string;
  lang: Lang;
  t: Text;
}

export function FileList({ files, label, lang, t }: Props) {
  if (files.length === 0) return null;
  return (
    <ul className="list-none m-0 p-0 flex flex-col gap-2" aria-label={label}>
      {files.map((file) => {
        const type = fileTypeLabel(file.mime, file.name);
        return (
          <li key={file.url} className="flex flex-wrap items-baseline gap-x-2">
            <span aria-hidden="true" className="text-xs font-bold border border-solid border-border rounded px-1">
              {type}
            </span>
            <a href={file.url} download>
              {file.name}
            </a>
            <span className="text-muted text-sm">{`(${type}, ${formatFileSize(file.sizeBytes, lang, t)})`}</span>
          </li>
        );
      })}
    </ul>
  );
}
