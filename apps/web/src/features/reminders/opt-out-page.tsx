import { useEffect } from 'react';
import { Button } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Page, PageLoading } from '../../components/page';
import { PlainAlert } from '../../components/plain-alert';
import { ApiRequestError } from '../../lib/api-client';
import { setRemindersByLink } from './api';

const INVALID = 'Este link não é válido. Confira se copiou o endereço inteiro do e-mail.';

/**
 * /auth/lembretes?token=…, a reminder's "Não quero mais lembretes" (docs/decisions/049-reminders-and-metrics.md):
 * opening the link turns the reminders off at once (again is harmless), says so, and offers to undo.
 * No login: the link's token says whose reminders. The privacy page has the same switch.
 */
export default function ReminderOptOutPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = token.length >= 20;
  const change = useMutation({ mutationFn: (enabled: boolean) => setRemindersByLink(token, enabled) });
  const { mutate } = change;

  useEffect(() => {
    if (valid) mutate(false);
  }, [valid, mutate]);

  if (!valid || (change.error instanceof ApiRequestError && change.error.status === 400))
    return (
      <Page title="Link inválido" narrow>
        <PlainAlert type="warning" title={INVALID} className="form-alert" />
        <p>Se quiser parar os lembretes, entre no portal e use a página Privacidade.</p>
        <p className="page__links">
          <Link to="/buyer/login">Entrar como comprador</Link>
          <Link to="/auth/seller/login">Entrar como vendedor</Link>
        </p>
      </Page>
    );
  if (change.isError)
    return (
      <Page title="Lembretes" narrow>
        <PlainAlert type="error" title={change.error.message} className="form-alert" />
        <Button size="large" block onClick={() => mutate(change.variables ?? false)}>
          Tentar novamente
        </Button>
      </Page>
    );
  if (!change.data || change.isPending) return <PageLoading />;
  const { firstName, enabled } = change.data;
  return (
    <Page title={`Pronto, ${firstName}`} narrow>
      {enabled ? (
        <PlainAlert
          type="success"
          title="Os lembretes estão ligados de novo."
          description="Se uma proposta ficar parada esperando por você, o portal avisa por e-mail."
          className="form-alert"
        />
      ) : (
        <PlainAlert
          type="success"
          title="Você não vai mais receber lembretes."
          description="Os outros e-mails do portal continuam chegando: convites, pedidos de correção e mudanças na situação da proposta."
          className="form-alert"
        />
      )}
      <Button size="large" block onClick={() => mutate(!enabled)}>
        {enabled ? 'Não quero mais lembretes' : 'Desfazer: quero receber lembretes'}
      </Button>
      <p>Você pode mudar isso quando quiser na página Privacidade do portal, depois de entrar.</p>
    </Page>
  );
}
