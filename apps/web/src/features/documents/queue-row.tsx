import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { PlainProgress } from '../../components/plain-progress';
import { sentText } from '../../lib/upload-queue';
import type { QueueEntry } from './use-upload-queue';

/**
 * One file of the item's queue (docs/decisions/054-pages-and-upload-queue.md): being prepared,
 * travelling (how much has left, "1,2 MB de 3,4 MB", and a bar), waiting for the connection, or
 * refused by the server with the reason.
 */
export function QueueRow({
  entry,
  retry,
  dismiss,
}: {
  entry: QueueEntry;
  retry: (id: string) => void;
  dismiss: (id: string) => void;
}) {
  const { id, name, phase } = entry;
  return (
    <li className={`doc-file doc-file--uploading doc-file--${phase}`} data-phase={phase}>
      {entry.preview ? (
        <img className="doc-file__thumb" src={entry.preview} alt="" />
      ) : (
        <span className="doc-file__icon" aria-hidden>
          <FilePdfOutlined aria-hidden />
        </span>
      )}
      <div className="doc-file__body">
        <span className="doc-file__name">{name}</span>
        {phase === 'preparing' || (phase === 'sending' && entry.resuming) ? (
          <span className="doc-file__preparing" role="status">
            {phase === 'preparing' ? 'Preparando a foto…' : 'Retomando…'}
          </span>
        ) : phase === 'failed' ? (
          <span className="doc-file__error" role="alert">
            {entry.error}
          </span>
        ) : (
          <>
            <span className="doc-file__meta">{sentText(entry.fraction, entry.size)}</span>
            {phase === 'waiting' ? (
              <>
                <span className="doc-file__waiting" role="status">
                  <strong>Aguardando conexão</strong> — o arquivo será enviado assim que a conexão voltar.
                </span>
                <span className="doc-file__actions">
                  <Button onClick={() => retry(id)} aria-label={`Tentar enviar ${name} agora`}>
                    Tentar agora
                  </Button>
                </span>
              </>
            ) : (
              <PlainProgress
                percent={Math.round(entry.fraction * 100)}
                size="small"
                status={phase === 'done' ? 'success' : 'active'}
                aria-label={`Envio de ${name}`}
              />
            )}
          </>
        )}
      </div>
      {phase === 'failed' ? (
        <Button type="text" onClick={() => dismiss(id)} aria-label={`Dispensar ${name}`}>
          OK
        </Button>
      ) : null}
    </li>
  );
}
