import { App, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { PlainCard } from '../../components/plain-card';
import { queryClient } from '../../lib/query-client';
import { myRemindersKey, setMyReminders, useMyReminders } from './api';

/**
 * The privacy page's switch of the reminder e-mails (docs/decisions/049-reminders-and-metrics.md):
 * the same the e-mails' "Não quero mais lembretes" turns off, so the person can turn them back on.
 */
export function RemindersCard() {
  const { message } = App.useApp();
  const mine = useMyReminders();
  const change = useMutation({
    mutationFn: setMyReminders,
    onSuccess: (data) => {
      queryClient.setQueryData(myRemindersKey, data);
      void message.success(data.enabled ? 'Lembretes ligados.' : 'Lembretes desligados.');
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <PlainCard title="Lembretes por e-mail" className="privacy-card">
      <p>
        Se uma proposta ficar parada esperando uma etapa sua, ou um documento que você enviou estiver perto de vencer, o
        portal envia alguns lembretes por e-mail, nunca à noite. Os outros e-mails (convites, pedidos de correção,
        mudanças na situação) chegam sempre.
      </p>
      {mine.data ? (
        <label className="privacy-switch">
          <Switch
            checked={mine.data.enabled}
            loading={change.isPending}
            onChange={(checked) => change.mutate(checked)}
            aria-label="Receber lembretes por e-mail"
          />
          {mine.data.enabled ? 'Quero receber lembretes' : 'Lembretes desligados'}
        </label>
      ) : null}
    </PlainCard>
  );
}
