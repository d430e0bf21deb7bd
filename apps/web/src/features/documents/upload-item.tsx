import { useId, useRef, useState, type DragEvent } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { CameraOutlined, DeleteOutlined, FileAddOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCEPTED_TYPES_MESSAGE,
  detectFileKind,
  fileTooLargeMessage,
  MAGIC_BYTES_NEEDED,
  UPLOAD_ACCEPT,
} from '@portal/domain/documents';
import { formatBrDate } from '@portal/domain/dates';
import { ApiRequestError } from '../../lib/api-client';
import { progressKeys } from '../../lib/progress-api';
import {
  deleteDocumentFile,
  documentKeys,
  fileContentUrl,
  type DocumentFile,
  type DocumentItem,
} from '../../lib/documents-api';
import { shrinkPhoto, isShrinkable } from '../../lib/photo-shrink';
import { PlainAlert } from '../../components/plain-alert';
import { currentIssuedOn, formatDateTime, formatSize, validityText } from './format';
import { FileTags, FileThumb, isImage, ItemStateTag } from './file-parts';
import { IssueDateField, readIssueDate } from './issue-date';
import { PageTray, usePageTray } from './page-tray';
import { QueueRow } from './queue-row';
import { useUploadQueue } from './use-upload-queue';
import { useReportUnsent } from './unsent-guard';

/** The same type rule as the server (magic bytes), so a wrong file is refused before it travels. */
async function checkFile(file: File, maxMb: number): Promise<string | null> {
  if (file.size > maxMb * 1024 * 1024) return fileTooLargeMessage(maxMb);
  if (file.size === 0) return 'O arquivo está vazio.';
  const head = new Uint8Array(await file.slice(0, MAGIC_BYTES_NEEDED).arrayBuffer());
  return detectFileKind(head) ? null : ACCEPTED_TYPES_MESSAGE;
}

/** A hidden file input opened by its button; what is picked goes to `pick`, then it empties itself. */
function HiddenFileInput({
  inputRef,
  label,
  pick,
  ...input
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  label: string;
  pick: (files: FileList | null) => void;
  multiple?: boolean;
  accept: string;
  capture?: 'environment';
}) {
  return (
    <input
      {...input}
      ref={inputRef}
      type="file"
      className="visually-hidden"
      aria-label={label}
      tabIndex={-1}
      onChange={(e) => {
        pick(e.target.files);
        e.target.value = '';
      }}
    />
  );
}

/** One item of the checklist: its state, its files, and where to drop or pick new ones. */
export function UploadItem({ proposalId, item, maxMb }: { proposalId: string; item: DocumentItem; maxMb: number }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [dragging, setDragging] = useState(false);
  // The issue date typed for the next copies (documents that age only).
  const [issueText, setIssueText] = useState('');
  const [issueError, setIssueError] = useState<string | null>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const pageInput = useRef<HTMLInputElement>(null);
  const queue = useUploadQueue({ proposalId, item: item.key, fileIds: item.files.map((f) => f.id), onStored: refresh });
  const tray = usePageTray();
  const waiting = queue.entries.filter((e) => e.phase === 'waiting').length;
  useReportUnsent(item.key, {
    unsent: tray.pages.length + queue.entries.filter((e) => e.phase !== 'failed' && e.phase !== 'done').length,
    pages: tray.pages.length,
    waiting,
  });

  async function send(file: File, issuedOn: string | null) {
    const ready = queue.add(
      { name: file.name, size: file.size, preview: isImage(file.type) ? file : null, preparing: isShrinkable(file) },
      issuedOn,
    );
    // A photo leaves smaller and without its metadata; the checks below apply to what is sent.
    const sent = isShrinkable(file) ? await shrinkPhoto(file) : file;
    const problem = await checkFile(sent, maxMb);
    ready(problem ? { problem } : sent);
  }

  /** The list and the derived steps (an upload may finish the documents step). */
  function refresh() {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.list(proposalId) }),
      queryClient.invalidateQueries({ queryKey: progressKeys.detail(proposalId) }),
    ]);
  }

  /** The issue date typed, checked; undefined (with the reason shown) when it is wrong. */
  function issuedOn(): string | null | undefined {
    const { issuedOn, error } = readIssueDate(issueText, item.validityDays);
    setIssueError(error);
    return error ? undefined : issuedOn;
  }

  function pick(files: FileList | null) {
    const date = issuedOn();
    if (date === undefined) return;
    for (const file of Array.from(files ?? [])) void send(file, date);
  }

  async function remove(file: DocumentFile) {
    try {
      await deleteDocumentFile(proposalId, file.id);
      message.success('Arquivo excluído.');
    } catch (err) {
      message.error(err instanceof ApiRequestError ? err.message : 'Não foi possível excluir o arquivo.');
    }
    await refresh();
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (item.canUpload) pick(e.dataTransfer.files);
  }

  const validity = validityText(item.validityDays, item.expiresAt, currentIssuedOn(item.files));
  const needsNew = item.state === 'rejected' || item.state === 'expired';

  return (
    <section
      id={item.key}
      className={`doc-item doc-item--${item.state}`}
      aria-labelledby={titleId}
      data-item={item.key}
    >
      <header className="doc-item__header">
        <h2 id={titleId} className="doc-item__title">
          {item.title}
        </h2>
        <ItemStateTag item={item} />
      </header>
      <p className="doc-item__hint">{item.hint}</p>
      {item.key === 'sellers_form' && item.canUpload ? (
        // The form to sign, filled with what the seller gave on the portal (a PDF of the API).
        <a
          className="touch-link doc-item__form"
          href={`/api/v3/proposals/${encodeURIComponent(proposalId)}/seller/form.pdf`}
          download
        >
          Baixar a ficha preenchida (PDF) para assinar
        </a>
      ) : null}
      {validity ? (
        <p className={`doc-item__validity${item.state === 'expired' ? ' doc-item__validity--expired' : ''}`}>
          {validity}
        </p>
      ) : null}
      {item.state === 'rejected' ? (
        <PlainAlert
          type="error"
          className="doc-item__alert"
          title={`Recusado: ${item.reason ?? 'sem motivo informado'}`}
          description="Envie um novo arquivo para este item."
        />
      ) : null}

      {item.files.length || queue.entries.length ? (
        <ul className="doc-files" aria-label={`Arquivos de ${item.title}`}>
          {item.files.map((f) => (
            <li key={f.id} className={`doc-file doc-file--${f.status}`}>
              <FileThumb proposalId={proposalId} file={f} />
              <div className="doc-file__body">
                <a className="doc-file__name" href={fileContentUrl(proposalId, f.id)} download={f.name}>
                  {f.name}
                </a>
                <span className="doc-file__meta">
                  {formatSize(f.size)} · enviado em {formatDateTime(f.uploadedAt)}
                  {f.issuedOn ? ` · emitido em ${formatBrDate(f.issuedOn)}` : ''}
                </span>
                <FileTags file={f} />
                {f.status === 'rejected' && f.reviewReason ? (
                  <span className="doc-file__reason">Motivo: {f.reviewReason}</span>
                ) : null}
              </div>
              {f.canDelete ? (
                <Popconfirm
                  title="Excluir este arquivo?"
                  okText="Excluir"
                  cancelText="Cancelar"
                  onConfirm={() => remove(f)}
                >
                  <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Excluir ${f.name}`} />
                </Popconfirm>
              ) : null}
            </li>
          ))}
          {queue.entries.map((entry) => (
            <QueueRow key={entry.id} entry={entry} retry={(id) => void queue.retry(id)} dismiss={queue.dismiss} />
          ))}
        </ul>
      ) : null}

      {item.canUpload && item.validityDays !== null ? (
        <IssueDateField
          value={issueText}
          onChange={(v) => {
            setIssueText(v);
            setIssueError(null);
          }}
          error={issueError}
          validityDays={item.validityDays}
        />
      ) : null}
      {item.canUpload ? (
        <PageTray
          title={item.title}
          tray={tray}
          ready={() => issuedOn() !== undefined}
          send={async (pdf) => {
            const problem =
              pdf.size > maxMb * 1024 * 1024
                ? `O PDF com estas páginas passa do limite de ${maxMb} MB. Envie o documento em partes.`
                : await checkFile(pdf, maxMb);
            if (!problem) void send(pdf, issuedOn() ?? null);
            return problem;
          }}
        />
      ) : null}
      {item.canUpload ? (
        <div
          className={`doc-drop${dragging ? ' doc-drop--over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {needsNew ? (
            <p className="doc-drop__text">Envie um novo arquivo</p>
          ) : (
            <p className="doc-drop__text">
              {/* Dragging needs a mouse: a touch screen gets the words for its two buttons instead. */}
              <span className="doc-drop__pointer">Arraste os arquivos para cá ou</span>
              <span className="doc-drop__touch">Tire uma foto do documento ou escolha arquivos do aparelho</span>
            </p>
          )}
          <div className="doc-drop__actions">
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => filesInput.current?.click()}>
              Escolher arquivos
            </Button>
            <Button
              icon={<CameraOutlined aria-hidden />}
              onClick={() => cameraInput.current?.click()}
              className="doc-drop__camera"
            >
              Tirar foto
            </Button>
            <Button icon={<FileAddOutlined aria-hidden />} onClick={() => pageInput.current?.click()}>
              Adicionar página
            </Button>
          </div>
          <p className="doc-drop__pages">
            Documento com várias páginas? Use “Adicionar página” para fotografar uma página de cada vez: elas vão
            juntas, em um só PDF.
          </p>
          <p className="doc-drop__limits">PDF, JPG, PNG ou HEIC · até {maxMb} MB por arquivo</p>
          <HiddenFileInput
            inputRef={filesInput}
            multiple
            accept={UPLOAD_ACCEPT}
            label={`Escolher arquivos para ${item.title}`}
            pick={pick}
          />
          <HiddenFileInput
            inputRef={cameraInput}
            accept="image/*"
            capture="environment"
            label={`Tirar foto para ${item.title}`}
            pick={pick}
          />
          <HiddenFileInput
            inputRef={pageInput}
            multiple
            accept="image/*"
            capture="environment"
            label={`Adicionar página a ${item.title}`}
            pick={tray.add}
          />
        </div>
      ) : null}
    </section>
  );
}
