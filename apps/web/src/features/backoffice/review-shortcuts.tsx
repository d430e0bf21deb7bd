/** True when a key press belongs to a field being typed in (the review's shortcuts stay quiet). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}

const KEYS = [
  ['J', 'próximo documento'],
  ['K', 'documento anterior'],
  ['A', 'aceitar'],
  ['R', 'recusar (o cursor vai para o motivo; Enter confirma)'],
] as const;

/** The review's keyboard shortcuts, written on the screen. */
export function ReviewShortcuts() {
  return (
    <section className="bo-review__keys" aria-labelledby="atalhos">
      <h3 id="atalhos" className="bo-review__title">
        Atalhos do teclado
      </h3>
      <dl>
        {KEYS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="bo-muted">Os atalhos não valem enquanto você digita num campo.</p>
    </section>
  );
}
