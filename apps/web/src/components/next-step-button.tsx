import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useProgress } from '../lib/progress-api';

/**
 * "Continuar" to the viewer's next step, from the one derived list (docs/product/next-step.md):
 * the one way on from a screen that is not a form (the health declaration, the uploads, an
 * outcome). Hidden while the next step is this screen's own (`current`, a step id) or nothing is
 * left for the viewer; then `fallback` shows instead, if given.
 */
export function NextStepButton({
  proposalId,
  current,
  fallback = null,
}: {
  proposalId: string;
  current?: string;
  fallback?: React.ReactNode;
}) {
  const navigate = useNavigate();
  const next = useProgress(proposalId).data?.next;
  if (!next || next.id === current) return <>{fallback}</>;
  return (
    <div className="next-step-button">
      <Button type="primary" size="large" block onClick={() => navigate(next.path)}>
        Continuar
      </Button>
      <p className="muted next-step-button__hint">Próximo passo: {next.title}</p>
    </div>
  );
}
