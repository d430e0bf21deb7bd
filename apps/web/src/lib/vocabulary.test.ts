import { describe, expect, it } from 'vitest';
import { sectionAction } from './vocabulary';

describe('one word per action on the section rows', () => {
  it.each([
    [{ editable: true, done: false }, 'Preencher'],
    [{ editable: true, done: true }, 'Revisar'],
    [{ editable: false, done: true }, 'Ver'],
    [{ editable: false, done: false }, 'Ver'],
  ])('%j → %s', (section, word) => {
    expect(sectionAction(section)).toBe(word);
  });
});
