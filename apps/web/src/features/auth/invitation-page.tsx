import { useState } from 'react';
import { App, Button } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { acceptInvitationSchema, type AcceptInvitationInput, type Role } from '@portal/domain/auth';
import type { Invitation } from '@portal/domain/auth-api';
import { PASSWORD_RULE_TEXT } from '@portal/domain/fields';
import { API_MESSAGES } from '@portal/domain/api-error';
import { PROPOSAL_TYPE_LABELS } from '@portal/domain/proposal-values';
import { HOME_BY_ROLE, LOGIN_PATH } from '@portal/domain/routes';
import { Page, PageLoading } from '../../components/page';
import { PlainAlert } from '../../components/plain-alert';
import { FormError } from '../../components/form-error';
import { FactList } from '../../components/fact-list';
import { NativeForm } from '../../components/section-form/field-item';
import { ApiRequestError } from '../../lib/api-client';
import { applyServerErrors, hookFormSetError } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import { signedIn } from '../../lib/signed-in';
import { writeLoginMarker, writeSelectedProposal } from '../../lib/storage';
import { acceptInvitation, resendInvitation } from './api';
import { useInvitation } from './invitation-api';
import { NewPasswordFields } from './new-password-fields';

const ROLE_TEXT: Record<Role, string> = {
  buyer: 'comprador(a)',
  seller: 'vendedor(a) do imóvel',
  operator: 'operador(a) da equipe do portal',
};

/**
 * Where a person who just joined lands: a buyer on the home of the proposal they were invited to
 * (selected for them), a seller on the seller's home (their proposal's card: their part, the next
 * step), an operator on the back office.
 */
function landingOf(role: Role, proposalId: string | null): string {
  if (role === 'buyer' && proposalId) return '/buyer/home';
  return HOME_BY_ROLE[role];
}

/**
 * /auth/convite?token=…, the invitation's landing (docs/decisions/043-joining.md): welcomes the
 * person by name, names the proposal and who invited them, asks for the first password once and
 * goes straight into the proposal, signed in. An expired link offers a new one; a used one, the login.
 */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);

  if (token.length < 20 || invitation.error instanceof ApiRequestError) {
    const message =
      invitation.error instanceof ApiRequestError && invitation.error.status === 400
        ? invitation.error.message
        : token.length < 20
          ? API_MESSAGES.invitationInvalid
          : null;
    if (message) return <InvitationProblem title="Convite não encontrado" message={message} role="buyer" />;
  }
  if (invitation.isError) {
    return (
      <Page title="Convite" narrow>
        <PlainAlert type="error" title={invitation.error.message} className="form-alert" />
        <Button size="large" block onClick={() => void invitation.refetch()}>
          Tentar novamente
        </Button>
      </Page>
    );
  }
  if (!invitation.data) return <PageLoading />;
  const data = invitation.data;
  if (data.state === 'used') {
    return (
      <InvitationProblem
        title={`Olá, ${firstName(data.name)}`}
        message={API_MESSAGES.invitationUsed}
        role={data.role}
      />
    );
  }
  if (data.state === 'expired') return <ExpiredInvitation invitation={data} token={token} />;
  return <Welcome invitation={data} token={token} />;
}

/** An operator whose name does not already say "equipe" is named with the team. */
const onTheTeam = (who: { name: string; role: Role }) => who.role === 'operator' && !/equipe/i.test(who.name);

const firstName = (name: string) => name.split(' ')[0] ?? name;

function InvitationProblem({ title, message, role }: { title: string; message: string; role: Role }) {
  const navigate = useNavigate();
  return (
    <Page title={title} narrow>
      <PlainAlert type="warning" title={message} className="form-alert" />
      <Button type="primary" size="large" block onClick={() => navigate(LOGIN_PATH[role])}>
        Ir para o login
      </Button>
      <p className="page__links">
        <Link to="/buyer/recover">Esqueci minha senha</Link>
      </p>
    </Page>
  );
}

function ExpiredInvitation({ invitation, token }: { invitation: Invitation; token: string }) {
  const resend = useMutation({ mutationFn: () => resendInvitation(token) });
  return (
    <Page title={`Olá, ${firstName(invitation.name)}`} narrow>
      <InvitationFacts invitation={invitation} />
      {resend.isSuccess ? (
        <PlainAlert
          type="success"
          title={`${resend.data} Abra o e-mail enviado para ${invitation.email} e use o link novo.`}
          className="form-alert"
        />
      ) : (
        <>
          <PlainAlert type="warning" title={API_MESSAGES.invitationExpired} className="form-alert" />
          <FormError message={resend.error?.message ?? null} />
          <Button type="primary" size="large" block loading={resend.isPending} onClick={() => resend.mutate()}>
            Enviar um novo link
          </Button>
        </>
      )}
    </Page>
  );
}

/** What the person was invited to, in words: the proposal, its property's city, who invited. */
function InvitationFacts({ invitation }: { invitation: Invitation }) {
  const { proposal, invitedBy } = invitation;
  const facts = [
    ...(proposal
      ? [
          { term: 'Proposta', detail: proposal.code },
          { term: 'Tipo', detail: PROPOSAL_TYPE_LABELS[proposal.type] },
          ...(proposal.city
            ? [{ term: 'Imóvel em', detail: proposal.uf ? `${proposal.city}/${proposal.uf}` : proposal.city }]
            : []),
        ]
      : []),
    { term: 'Você participa como', detail: ROLE_TEXT[invitation.role] },
    ...(invitedBy
      ? [
          {
            term: 'Convite de',
            detail: onTheTeam(invitedBy) ? `${invitedBy.name} (equipe do portal)` : invitedBy.name,
          },
        ]
      : []),
  ];
  return <FactList facts={facts} />;
}

function Welcome({ invitation, token }: { invitation: Invitation; token: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { token, pass: '', repeat: '' },
  });
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess({ user, proposalId }) {
      // Whoever was signed in on this browser before is not the person who joins.
      queryClient.clear();
      writeLoginMarker(user.role);
      if (user.role === 'buyer' && proposalId) writeSelectedProposal(proposalId);
      signedIn(user);
      void message.success(API_MESSAGES.passwordCreated);
      navigate(landingOf(user.role, proposalId), { replace: true });
    },
    onError: (err) => setFormError(applyServerErrors(err, hookFormSetError(setError), ['pass', 'repeat'])),
  });
  const who = invitation.invitedBy
    ? onTheTeam(invitation.invitedBy)
      ? `${invitation.invitedBy.name}, da equipe do portal,`
      : invitation.invitedBy.name
    : 'A equipe do portal';
  const where = invitation.proposal ? ` na proposta ${invitation.proposal.code}` : '';
  return (
    <Page
      title={`Bem-vindo(a), ${firstName(invitation.name)}!`}
      subtitle={`${who} convidou você para participar como ${ROLE_TEXT[invitation.role]}${where}.`}
      narrow
    >
      <InvitationFacts invitation={invitation} />
      <h2 className="invitation__heading">Crie a sua senha</h2>
      <p className="invitation__rule">
        Você vai entrar com o e-mail <strong>{invitation.email}</strong> e esta senha. {PASSWORD_RULE_TEXT}.
      </p>
      <NativeForm
        onSubmit={(e) => {
          setFormError(null);
          void handleSubmit((values) => accept.mutate(values))(e);
        }}
      >
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <NewPasswordFields control={control} label="Senha" autoFocus />
        <FormError message={formError} />
        <Button type="primary" htmlType="submit" size="large" block loading={accept.isPending}>
          Criar senha e entrar
        </Button>
      </NativeForm>
    </Page>
  );
}
