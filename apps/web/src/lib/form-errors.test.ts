import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { applyServerErrors, hookFormSetError } from './form-errors';

const validation = (fields: Record<string, string>) =>
  new ApiRequestError(400, 'validation', 'Verifique os campos destacados.', fields);

describe('applyServerErrors', () => {
  it("puts each message on its field, rows' and blocks' fields too, and focuses the first only", () => {
    const setError = vi.fn();
    const left = applyServerErrors(
      validation({ name: 'Obrigatório', 'accounts.1.amount': 'Insira um valor válido', hidden: 'Obrigatório' }),
      setError,
      ['name', 'accounts'],
    );
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Obrigatório' }, { shouldFocus: true }],
      ['accounts.1.amount', { type: 'server', message: 'Insira um valor válido' }, { shouldFocus: false }],
    ]);
    // Every message found a field: nothing is left for the form as a whole.
    expect(left).toBeNull();
  });

  it("a field's name is not a prefix of another's: 'account' does not take 'accounts.1'", () => {
    const setError = vi.fn();
    const left = applyServerErrors(validation({ 'accounts.1.amount': 'Obrigatório' }), setError, ['account']);
    expect(setError).not.toHaveBeenCalled();
    expect(left).toBe('Verifique os campos destacados.');
  });

  it('a refusal that is not a validation keeps its message for the form even when it names a field', () => {
    const setError = vi.fn();
    const left = applyServerErrors(
      new ApiRequestError(409, 'conflict', 'Este e-mail já está em uso.', { email: 'Este e-mail já está em uso.' }),
      setError,
      ['email'],
    );
    expect(setError).toHaveBeenCalledOnce();
    expect(left).toBe('Este e-mail já está em uso.');
  });

  it("an error that is not the API's is the message for the form", () => {
    expect(applyServerErrors(new Error('Falhou'), vi.fn(), ['name'])).toBe('Falhou');
  });
});

describe('hookFormSetError', () => {
  it("hands react-hook-form's setError the server's path, message and focus as they are", () => {
    const setError = vi.fn();
    applyServerErrors(validation({ email: 'Insira um e-mail válido' }), hookFormSetError(setError), ['email']);
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Insira um e-mail válido' },
      { shouldFocus: true },
    );
  });
});
