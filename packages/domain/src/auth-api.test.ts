import { describe, expect, it } from 'vitest';
import { currentUserResponseSchema, sessionResponseSchema, signedInResponseSchema } from './auth-api';

const user = { id: 'u1', name: 'Maria Silva', email: 'maria@example.com', role: 'buyer' };

describe('auth responses', () => {
  it('answers a login with the user', () => {
    expect(signedInResponseSchema.parse({ data: { user } })).toEqual({ data: { user } });
    expect(signedInResponseSchema.safeParse({ data: user }).success).toBe(false);
  });

  it('answers the session with the user or null', () => {
    expect(sessionResponseSchema.parse({ data: { user } })).toEqual({ data: { user } });
    expect(sessionResponseSchema.parse({ data: null })).toEqual({ data: null });
    expect(sessionResponseSchema.safeParse({ data: { user: { ...user, role: 'admin' } } }).success).toBe(false);
  });

  it('answers the current user', () => {
    expect(currentUserResponseSchema.parse({ data: user })).toEqual({ data: user });
    expect(currentUserResponseSchema.safeParse({ data: null }).success).toBe(false);
  });
});
