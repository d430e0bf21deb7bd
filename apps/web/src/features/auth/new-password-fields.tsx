import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { TextField } from '../../components/form-field';

/**
 * The new password asked twice (`pass`, then `repeat`), as the invitation landing and the
 * change-password screen ask it: "{label}" and "Repita a {label}", both for a new password
 * (the browser offers to generate and save one).
 */
export function NewPasswordFields<T extends FieldValues & { pass: string; repeat: string }>({
  control,
  label,
  autoFocus,
}: {
  control: Control<T>;
  label: 'Senha' | 'Nova senha';
  autoFocus: boolean;
}) {
  return (
    <>
      <TextField
        control={control}
        name={'pass' as FieldPath<T>}
        label={label}
        password
        input={{ autoComplete: 'new-password', autoFocus }}
      />
      <TextField
        control={control}
        name={'repeat' as FieldPath<T>}
        label={`Repita a ${label.toLowerCase()}`}
        password
        input={{ autoComplete: 'new-password' }}
      />
    </>
  );
}
