import { useState, type ReactNode } from 'react';
import { Button, Checkbox } from 'antd';
import { FormError } from './form-error';

interface ConfirmBoxProps {
  /** What the user declares by ticking the box. */
  statement: string;
  /** Something is still missing: the box cannot be ticked nor the confirmation sent. */
  blocked: boolean;
  confirmLabel: string;
  sending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
  /** Shown above the checkbox (the declaration's text). */
  before?: ReactNode;
  /** Shown below it (what is missing). */
  after?: ReactNode;
}

/** The end of a review: tick what you declare, then go back or confirm (why it failed, announced). */
export function ConfirmBox({
  statement,
  blocked,
  confirmLabel,
  sending,
  error,
  onBack,
  onConfirm,
  before,
  after,
}: ConfirmBoxProps) {
  const [checked, setChecked] = useState(false);
  return (
    <div className="confirm-box">
      {before}
      <Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} disabled={blocked}>
        {statement}
      </Checkbox>
      {after}
      <FormError message={error} />
      <div className="form-actions">
        <Button size="large" onClick={onBack}>
          Voltar
        </Button>
        <Button type="primary" size="large" disabled={!checked || blocked} loading={sending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
