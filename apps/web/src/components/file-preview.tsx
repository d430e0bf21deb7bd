import { useState } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { fileContentUrl, type DocumentFile } from '../lib/documents-api';
import './file-preview.css';

const ZOOMS = [50, 75, 100, 125, 150, 200, 300] as const;

/**
 * The file in the page, through the authorized download route: images as <img>, PDFs in a
 * same-origin frame; with zoom (both) and page turn (PDFs, through the viewer's #page and #zoom).
 */
export function FilePreview({ proposalId, file, tall }: { proposalId: string; file: DocumentFile; tall?: boolean }) {
  const [zoom, setZoom] = useState(2);
  const [page, setPage] = useState(1);
  const url = fileContentUrl(proposalId, file.id, true);
  const percent = ZOOMS[zoom]!;
  const isPdf = file.mime === 'application/pdf';
  const isImage = file.mime === 'image/jpeg' || file.mime === 'image/png';
  if (!isPdf && !isImage)
    return <p className="muted doc-preview">O navegador não mostra arquivos HEIC: use “Baixar” para abrir.</p>;
  const size = tall ? ' doc-preview--tall' : '';
  return (
    <div className="doc-preview-box">
      <div className="doc-preview__tools" role="group" aria-label={`Visualização de ${file.name}`}>
        <Button
          size="small"
          icon={<ZoomOutOutlined aria-hidden />}
          disabled={zoom === 0}
          onClick={() => setZoom(zoom - 1)}
          aria-label="Diminuir zoom"
        />
        <span className="doc-preview__value" aria-live="polite">
          {percent}%
        </span>
        <Button
          size="small"
          icon={<ZoomInOutlined aria-hidden />}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
          aria-label="Aumentar zoom"
        />
        {isPdf ? (
          <>
            <Button
              size="small"
              icon={<LeftOutlined aria-hidden />}
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
              aria-label="Página anterior"
            />
            <span className="doc-preview__value" aria-live="polite">
              Página {page}
            </span>
            <Button
              size="small"
              icon={<RightOutlined aria-hidden />}
              onClick={() => setPage(page + 1)}
              aria-label="Próxima página"
            />
          </>
        ) : null}
      </div>
      {isPdf ? (
        <iframe
          key={`${page}:${percent}`}
          className={`doc-preview doc-preview--pdf${size}`}
          src={`${url}#page=${page}&zoom=${percent}`}
          title={`Pré-visualização de ${file.name}`}
        />
      ) : (
        <div className={`doc-preview doc-preview--scroll${size}`}>
          <img
            className="doc-preview--image"
            style={{ width: `${percent}%` }}
            src={url}
            alt={`Pré-visualização de ${file.name}`}
          />
        </div>
      )}
    </div>
  );
}
