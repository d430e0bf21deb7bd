import type {
  AcceptInvitationInput,
  ChangePasswordInput,
  LoginInput,
  RecoverInput,
  SessionUser,
} from '@portal/domain/auth';
import { apiRequest } from '../../lib/api-client';

export function login(input: LoginInput) {
  return apiRequest<{ data: { user: SessionUser } }>('/auth/login', { method: 'POST', body: input }).then(
    (r) => r.data.user,
  );
}

export function recover(input: RecoverInput) {
  return apiRequest<{ data: { message: string } }>('/auth/recover', { method: 'POST', body: input }).then(
    (r) => r.data.message,
  );
}

export function changePassword(input: ChangePasswordInput) {
  return apiRequest<{ data: { user: SessionUser } }>('/auth/change-password', { method: 'POST', body: input }).then(
    (r) => r.data.user,
  );
}

export function acceptInvitation(input: AcceptInvitationInput) {
  return apiRequest<{ data: { user: SessionUser; proposalId: string | null } }>('/auth/invitation', {
    method: 'POST',
    body: input,
  }).then((r) => r.data);
}

export function resendInvitation(token: string) {
  return apiRequest<{ data: { message: string } }>('/auth/invitation/resend', {
    method: 'POST',
    body: { token },
  }).then((r) => r.data.message);
}
