import { PlainProgress } from './plain-progress';

/**
 * Where the user is in the sequence (currentStep). While the count loads, an empty indicator of
 * the same height holds its place, so the form does not jump down when the count arrives.
 */
export function StepIndicator({
  index,
  total,
  title,
  loading,
}: {
  index: number;
  total: number;
  title: string;
  loading: boolean;
}) {
  if (loading)
    return (
      <div className="step-indicator" aria-hidden="true">
        <span className="step-indicator__text">&nbsp;</span>
        <PlainProgress percent={0} showInfo={false} railColor="#e6e9ef" />
      </div>
    );
  if (index < 0) return null;
  return (
    <div className="step-indicator">
      <span className="step-indicator__text">
        Etapa {index + 1} de {total}: <strong>{title}</strong>
      </span>
      <PlainProgress
        percent={Math.round(((index + 1) / total) * 100)}
        showInfo={false}
        strokeColor="#0a1f44"
        railColor="#e6e9ef"
        aria-label={`Etapa ${index + 1} de ${total}`}
      />
    </div>
  );
}
