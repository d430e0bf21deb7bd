import { useState } from 'react';
import { App, Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { DELETION_STATUS_LABELS } from '@portal/domain/privacy';
import { Page } from '../../components/page';
import { FormError } from '../../components/form-error';
import { queryClient } from '../../lib/query-client';
import { exportMyData, privacyKeys, requestDeletion, usePrivacyStatus } from './api';
import { formatInstant } from '@portal/domain/dates';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';
import { RemindersCard } from './reminders-card';

/**
 * /buyer/privacy and /seller/privacy (LGPD art. 18): the health-data consent (buyers), the reminder
 * e-mails' switch, a download of everything the portal holds about the person, and a deletion request.
 */
export default function PrivacyPage() {
  const { pathname } = useLocation();
  const isBuyer = pathname.startsWith('/buyer/');
  const { modal, message } = App.useApp();
  const status = usePrivacyStatus();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setError(null);
    setExporting(true);
    try {
      const data = await exportMyData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'meus-dados-portal-de-propostas.json';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  }

  function askDeletion() {
    modal.confirm({
      title: 'Confirmar',
      content:
        'Pedir a exclusão dos seus dados pessoais? A equipe do portal conclui o pedido; depois disso você não poderá mais entrar com esta conta e as propostas seguirão sem os seus dados.',
      okText: 'SIM',
      cancelText: 'NÃO',
      icon: null,
      async onOk() {
        try {
          const r = await requestDeletion();
          void message.success(r.message);
          await queryClient.invalidateQueries({ queryKey: privacyKeys.status() });
        } catch (err) {
          setError(err instanceof Error ? err.message : String(err));
        }
      },
    });
  }

  const deletion = status.data?.deletion;
  return (
    <Page title="Privacidade e meus dados" subtitle="Seus direitos pela Lei Geral de Proteção de Dados (LGPD).">
      <FormError message={error} />
      {isBuyer ? (
        <PlainCard title="Dados de saúde (declaração do seguro)" className="privacy-card">
          <p>
            As respostas da declaração de saúde só são tratadas com o seu consentimento específico, dado antes da
            primeira pergunta, e seguem apenas para a seguradora da proposta. Você pode revogar o consentimento a
            qualquer momento: as respostas são apagadas.
          </p>
          <Link to="/buyer/insurance">Ver ou revogar o consentimento</Link>
        </PlainCard>
      ) : null}
      <RemindersCard />
      <PlainCard title="Baixar meus dados" className="privacy-card">
        <p>
          Um arquivo JSON com tudo o que o portal guarda sobre você: cadastro, formulários, documentos enviados e
          consentimentos.
        </p>
        <Button size="large" onClick={download} loading={exporting}>
          Baixar meus dados
        </Button>
      </PlainCard>
      <PlainCard title="Excluir meus dados" className="privacy-card">
        {deletion ? (
          <PlainAlert
            type={deletion.status === 'completed' ? 'success' : 'info'}
            title={DELETION_STATUS_LABELS[deletion.status]}
            description={`Pedido feito em ${formatInstant(deletion.requestedAt)}.`}
          />
        ) : (
          <>
            <p>
              O pedido é analisado pela equipe do portal (dados exigidos por lei ou contrato podem ser mantidos pelo
              prazo legal).
            </p>
            <Button danger size="large" onClick={askDeletion}>
              Pedir a exclusão
            </Button>
          </>
        )}
      </PlainCard>
    </Page>
  );
}
