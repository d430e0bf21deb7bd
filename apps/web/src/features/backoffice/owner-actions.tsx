import { useState } from 'react';
import { Button } from 'antd';
import { NativeSelect } from '../../components/fields/native-fields';
import { PlainAlert } from '../../components/plain-alert';
import { useSession } from '../../lib/session';
import { useOperators } from './api';
import { useProposalOwner, useSetOwner } from './queue-api';
import './queue.css';

/**
 * The proposal's responsible in the team, with "Assumir" (the operator takes it) and "Passar
 * para…" (another active operator, who gets an e-mail). Shown in the proposal page's header.
 */
export function OwnerActions({ proposalId }: { proposalId: string }) {
  const owner = useProposalOwner(proposalId);
  const session = useSession();
  const operators = useOperators();
  const setOwner = useSetOwner(proposalId);
  const [target, setTarget] = useState<string | undefined>();
  const me = session.data?.id ?? null;
  const responsible = owner.data?.responsible ?? null;
  const isMine = responsible !== null && responsible.id === me;
  const choices = (operators.data ?? [])
    .filter((o) => o.active && o.id !== responsible?.id && o.id !== me)
    .map((o) => ({ value: o.id, label: o.name }));

  return (
    <section className="bo-owner" aria-label="Responsável">
      <p className="bo-owner__who">
        <span className="bo-muted">Responsável: </span>
        <strong>
          {owner.isPending ? '…' : responsible ? (isMine ? `${responsible.name} (você)` : responsible.name) : 'Ninguém'}
        </strong>
      </p>
      <div className="bo-owner__actions">
        {!isMine && me ? (
          <Button onClick={() => setOwner.mutate(me)} loading={setOwner.isPending && setOwner.variables === me}>
            Assumir
          </Button>
        ) : null}
        {choices.length ? (
          <form
            className="bo-owner__handover"
            onSubmit={(e) => {
              e.preventDefault();
              if (target) setOwner.mutate(target, { onSuccess: () => setTarget(undefined) });
            }}
          >
            <NativeSelect
              value={target}
              onChange={setTarget}
              options={choices}
              placeholder="Passar para…"
              aria-label="Passar para outro operador"
            />
            <Button htmlType="submit" disabled={!target} loading={setOwner.isPending && setOwner.variables === target}>
              Passar
            </Button>
          </form>
        ) : null}
      </div>
      {setOwner.isError ? <PlainAlert type="error" title={setOwner.error.message} /> : null}
    </section>
  );
}
