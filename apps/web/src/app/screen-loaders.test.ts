import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/domain/routes';
import { routeIdOf, SCREEN_LOADERS } from './screen-loaders';

describe('routeIdOf: which screen to fetch for an in-app path', () => {
  it('finds every route of the table from a path with its parameters filled in', () => {
    for (const route of ROUTES) expect(routeIdOf(route.path.replace(/:\w+/g, '7f3a'))).toBe(route.id);
  });

  it('prefers a path without parameters to one with, and ignores the query and the hash', () => {
    expect(routeIdOf('/backoffice/proposals/new')).toBe('backoffice.proposals.new');
    expect(routeIdOf('/backoffice/proposals/abc')).toBe('backoffice.proposal');
    expect(routeIdOf('/buyer/data?buyer=2#top')).toBe('buyer.data');
    expect(routeIdOf('/buyer/seguradora/perguntas/3?buyer=1')).toBe('buyer.seguradora.perguntas.question');
  });

  it('knows no screen for a path outside the table', () => {
    expect(routeIdOf('/nowhere')).toBeNull();
    expect(routeIdOf('/buyer/data/extra')).toBeNull();
  });

  it('has a loader for every route but the seller redirect and the error screen (in the app shell)', () => {
    const ids = ROUTES.map((r) => r.id).filter((id) => id !== 'seller.select-proposal' && id !== 'error');
    expect(Object.keys(SCREEN_LOADERS).sort()).toEqual([...ids].sort());
  });
});
