/**
 * The words of the portal's buttons and links, one per action, on every screen:
 * - "Preencher": open a section that is not finished, to fill it;
 * - "Revisar": open a finished section that can still change;
 * - "Ver": open something that can only be read now;
 * - "Continuar": go on to the next thing that is missing (one per screen, the primary button);
 * - "Salvar e continuar": save a form and go on; "Voltar": go back without saving.
 */
export type SectionAction = 'Preencher' | 'Revisar' | 'Ver';

/** The word of a section row's link, from whether the section can change and whether it is done. */
export function sectionAction(section: { editable: boolean; done: boolean }): SectionAction {
  if (!section.editable) return 'Ver';
  return section.done ? 'Revisar' : 'Preencher';
}
