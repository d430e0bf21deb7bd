import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { FILE_FLAG_LABELS, FILE_STATUS_LABELS } from '@portal/domain/documents';
import { fileContentUrl, type DocumentFile, type DocumentItem } from '../../lib/documents-api';
import { PlainTag } from '../../components/plain-tag';
import { STATE_COLORS, ITEM_STATE_LABELS } from './format';

/** A stored file's picture, tags and its item's state, shared by the uploads and the review screens. */

export const isImage = (mime: string) => mime === 'image/jpeg' || mime === 'image/png';

export function ItemStateTag({ item }: { item: Pick<DocumentItem, 'state'> }) {
  return (
    <PlainTag color={STATE_COLORS[item.state]} className="doc-item__state">
      {ITEM_STATE_LABELS[item.state]}
    </PlainTag>
  );
}

export function FileThumb({
  proposalId,
  file,
}: {
  proposalId: string;
  file: Pick<DocumentFile, 'id' | 'mime' | 'name'>;
}) {
  if (isImage(file.mime))
    return <img className="doc-file__thumb" src={fileContentUrl(proposalId, file.id)} alt="" loading="lazy" />;
  return (
    <span className="doc-file__icon" aria-hidden>
      {file.mime === 'application/pdf' ? <FilePdfOutlined aria-hidden /> : <FileImageOutlined aria-hidden />}
    </span>
  );
}

/** A file's review status and the scan's warnings about it, as tags. */
export function FileTags({ file }: { file: Pick<DocumentFile, 'status' | 'flags'> }) {
  return (
    <span className="doc-file__tags">
      <PlainTag color={file.status === 'accepted' ? 'green' : file.status === 'rejected' ? 'red' : 'blue'}>
        {FILE_STATUS_LABELS[file.status]}
      </PlainTag>
      {file.flags.map((flag) => (
        <PlainTag key={flag} color="orange">
          {FILE_FLAG_LABELS[flag]}
        </PlainTag>
      ))}
    </span>
  );
}
