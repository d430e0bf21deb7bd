import { App, Button, Empty, Skeleton, Tag } from 'antd';
import { Page } from '../../components/page';
import { queryClient } from '../../lib/query-client';
import { completeRequest, privacyKeys, usePrivacyRequests } from './api';
import { formatInstant } from '@portal/domain/dates';
import { PlainAlert } from '../../components/plain-alert';
import { PlainCard } from '../../components/plain-card';

/** /backoffice/privacy: deletion requests; completing one erases the person (LGPD art. 18, VI). */
export default function PrivacyRequestsPage() {
  const requests = usePrivacyRequests();
  const { modal, message } = App.useApp();

  function complete(id: string, name: string) {
    modal.confirm({
      title: 'Confirmar',
      content: `Apagar os dados pessoais de ${name}? Não há como desfazer.`,
      okText: 'SIM',
      cancelText: 'NÃO',
      icon: null,
      async onOk() {
        const r = await completeRequest(id);
        void message.success(r.message);
        await queryClient.invalidateQueries({ queryKey: privacyKeys.requests() });
      },
    });
  }

  return (
    <Page title="Pedidos LGPD" subtitle="Pedidos de exclusão de dados feitos por compradores e vendedores.">
      {requests.isPending ? <Skeleton active /> : null}
      {requests.isError ? <PlainAlert type="error" title={requests.error.message} /> : null}
      {requests.data?.length === 0 ? <Empty description="Nenhum pedido." /> : null}
      <ul className="card-list card-list--single">
        {requests.data?.map((r) => (
          <li key={r.id}>
            <PlainCard
              title={r.name}
              extra={
                <Tag color={r.status === 'pending' ? 'gold' : 'green'}>
                  {r.status === 'pending' ? 'Pendente' : 'Concluído'}
                </Tag>
              }
            >
              <p>
                {r.email} · {r.role === 'seller' ? 'Vendedor' : 'Comprador'} · pedido em {formatInstant(r.requestedAt)}
              </p>
              {r.status === 'pending' ? (
                <Button danger onClick={() => complete(r.id, r.name)}>
                  Concluir exclusão
                </Button>
              ) : null}
            </PlainCard>
          </li>
        ))}
      </ul>
    </Page>
  );
}
