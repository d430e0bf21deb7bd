import { describe, expect, it } from 'vitest';
import {
  homeTarget,
  HOME_BY_ROLE,
  loginPathFor,
  loginRoleFromPath,
  logoutTarget,
  markerGuard,
  PERMISSION_DENIED,
  roleForPath,
  rootRedirect,
  idOfPath,
  ROUTES,
  sessionGuard,
  type RouteDef,
  type RouteId,
} from './routes';

/** Every route of docs/product/routes-and-guards.md (with React Router's :param for {param}); '/' is the root redirect, not a table row. */
const SPEC_ROUTES = [
  '/buyer/login',
  '/buyer/recover',
  '/buyer/change-password',
  '/buyer/home',
  '/buyer/select-proposal',
  '/buyer/address',
  '/buyer/buyers',
  '/buyer/data',
  '/buyer/document-registration',
  '/buyer/documents/fgts',
  '/buyer/documents/upload',
  '/buyer/fgts/address',
  '/buyer/fgts/authorization',
  '/buyer/fgts/civil-status',
  '/buyer/fgts/questions',
  '/buyer/fgts/review',
  '/buyer/fgts/tax',
  '/buyer/insurance-itau',
  '/buyer/insurance-tokio',
  '/buyer/insurance',
  '/buyer/investment',
  '/buyer/seguradora',
  '/buyer/seguradora/empresa',
  '/buyer/seguradora/perguntas/:question',
  '/buyer/seguradora/proposta',
  '/buyer/seguradora/revisao',
  '/buyer/seller-form',
  '/seller/proposals',
  '/seller/proposals/:proposalId',
  '/seller/proposals/:proposalId/address',
  '/seller/proposals/:proposalId/amounts-receivable',
  '/seller/proposals/:proposalId/completed',
  '/seller/proposals/:proposalId/documents',
  '/seller/proposals/:proposalId/general-data',
  '/seller/proposals/:proposalId/property',
  '/seller/proposals/:proposalId/property/contact',
  '/seller/proposals/:proposalId/property/financing-data',
  '/seller/proposals/:proposalId/property/marital/questions',
  '/seller/proposals/:proposalId/property/questions',
  '/seller/proposals/:proposalId/property/questions/info',
  '/seller/proposals/:proposalId/property/registry',
  '/seller/proposals/:proposalId/upload',
  '/seller/select-proposal',
  '/auth/:role/login',
  '/auth/login',
  '/auth/convite',
  '/auth/lembretes',
  '/error',
];

const routes = ROUTES as readonly RouteDef[];
const route = (path: string) => {
  const found = routes.filter((r) => r.path === path);
  expect(found, path).toHaveLength(1);
  return found[0]!;
};

describe('route table', () => {
  it('has every route of docs/product/routes-and-guards.md exactly once', () => {
    for (const path of SPEC_ROUTES) expect(routes.filter((r) => r.path === path).length, path).toBe(1);
  });

  it('route ids are a union of literals: a typo is a type error, not a silent string', () => {
    const known: RouteId = 'buyer.seguradora.revisao';
    // @ts-expect-error -- not a route id (the table has 'buyer.seguradora.revisao')
    const typo: RouteId = 'buyer.seguradora.revisa';
    expect(ROUTES.some((r) => r.id === known)).toBe(true);
    expect(ROUTES.some((r) => r.id === typo)).toBe(false);
  });

  it('derives an id from a path the same way at run time as in its type', () => {
    const id: 'seller.proposals.proposalId.property.questions.info' = idOfPath(
      '/seller/proposals/:proposalId/property/questions/info',
    );
    expect(id).toBe('seller.proposals.proposalId.property.questions.info');
    const question: 'buyer.seguradora.perguntas.question' = idOfPath('/buyer/seguradora/perguntas/:question');
    expect(question).toBe('buyer.seguradora.perguntas.question');
    expect(idOfPath('/buyer/login')).toBe('buyer.login');
  });

  it('has no path twice and no id twice', () => {
    const paths = routes.map((r) => r.path);
    const ids = routes.map((r) => r.id);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('adds nothing outside the areas docs/product/ knows', () => {
    for (const r of routes) expect(r.path).toMatch(/^\/(buyer|seller|auth|error|backoffice)(\/|$)/);
  });

  it('every route has a Portuguese title', () => {
    for (const r of routes) expect(r.title, r.path).toMatch(/\S/);
  });

  it('/buyer/login has no navigation bar and is public', () => {
    expect(route('/buyer/login')).toMatchObject({ nav: null, access: 'public' });
  });

  it('the auth login pages use the login layout and are public', () => {
    expect(route('/auth/login')).toMatchObject({ nav: null, access: 'public' });
    expect(route('/auth/:role/login')).toMatchObject({ nav: null, access: 'public' });
  });

  it('the invitation landing uses the login layout and opens with or without a session', () => {
    // With a session (the inviting buyer's browser, say) it must still show, not send the person on.
    expect(route('/auth/convite')).toMatchObject({ nav: null, access: 'both' });
    expect(roleForPath('/auth/convite')).toBeNull();
  });

  it('/buyer/recover has only a home button and is public', () => {
    const r = route('/buyer/recover');
    expect(r.access).toBe('public');
    expect(Object.values(r.nav ?? {})).toEqual(['home']);
  });

  it('/buyer/change-password is usable logged in and logged out', () => {
    expect(route('/buyer/change-password')).toMatchObject({ access: 'both', nav: { left: 'back', right: 'home' } });
  });

  it.each(['/buyer/home', '/buyer/select-proposal'])('%s has home on the left and logout on the right', (path) => {
    expect(route(path).nav).toEqual({ left: 'home', right: 'logout' });
  });

  it('other buyer pages have back on the left and home on the right', () => {
    const special = new Set(['/buyer/login', '/buyer/recover', '/buyer/home', '/buyer/select-proposal']);
    for (const r of routes.filter((x) => x.path.startsWith('/buyer/') && !special.has(x.path))) {
      expect(r.nav, r.path).toEqual({ left: 'back', right: 'home' });
    }
  });

  it('/seller/proposals has only a logout button', () => {
    expect(Object.values(route('/seller/proposals').nav ?? {})).toEqual(['logout']);
  });

  it('seller completed has home and logout', () => {
    expect(route('/seller/proposals/:proposalId/completed').nav).toEqual({ left: 'home', right: 'logout' });
  });

  it('seller general-data has back and logout', () => {
    expect(route('/seller/proposals/:proposalId/general-data').nav).toEqual({ left: 'back', right: 'logout' });
  });

  it('seller documents slides left to right, and it is the only page that does', () => {
    expect(route('/seller/proposals/:proposalId/documents').transition).toBe('left-to-right');
    expect(routes.filter((r) => r.transition)).toHaveLength(1);
  });

  it('/error shows only the back button and works with or without a session', () => {
    expect(route('/error')).toMatchObject({ nav: { left: 'back' }, access: 'both' });
    expect(route('/error').nav).not.toHaveProperty('right');
  });

  it('buyer and seller pages (other than login and recover) are private', () => {
    for (const r of routes.filter((x) => /^\/(buyer|seller)\//.test(x.path))) {
      const expected =
        r.path === '/buyer/login' || r.path === '/buyer/recover'
          ? 'public'
          : r.path === '/buyer/change-password'
            ? 'both'
            : 'private';
      expect(r.access, r.path).toBe(expected);
    }
  });
});

describe('roleForPath', () => {
  it('maps areas to roles', () => {
    expect(roleForPath('/buyer/home')).toBe('buyer');
    expect(roleForPath('/buyer')).toBe('buyer');
    expect(roleForPath('/seller')).toBe('seller');
    expect(roleForPath('/seller/proposals/1/address')).toBe('seller');
    expect(roleForPath('/backoffice')).toBe('operator');
    expect(roleForPath('/buyers')).toBeNull();
    expect(roleForPath('/sellerx')).toBeNull();
    expect(roleForPath('/error')).toBeNull();
    expect(roleForPath('/')).toBeNull();
  });
});

describe('rootRedirect (docs/product/routes-and-guards.md)', () => {
  it('sends each role to its start page and no session to the buyer login', () => {
    expect(rootRedirect(null)).toBe('/buyer/login');
    expect(rootRedirect(undefined)).toBe('/buyer/login');
    expect(rootRedirect('buyer')).toBe('/buyer/select-proposal');
    expect(rootRedirect('seller')).toBe('/seller/proposals');
    expect(rootRedirect('admin')).toBe('/buyer/login');
    expect(rootRedirect('')).toBe('/buyer/login');
    expect(rootRedirect('operator')).toBe(HOME_BY_ROLE.operator);
  });
});

describe('loginPathFor / logoutTarget (docs/product/routes-and-guards.md)', () => {
  it('a buyer page goes to the buyer login, any other page to the seller login', () => {
    for (const fn of [loginPathFor, logoutTarget]) {
      expect(fn('/buyer/data')).toBe('/buyer/login');
      expect(fn('/buyer/select-proposal')).toBe('/buyer/login');
      expect(fn('/seller/proposals')).toBe('/auth/seller/login');
      expect(fn('/seller/proposals/abc/general-data')).toBe('/auth/seller/login');
      expect(fn('/error')).toBe('/auth/seller/login');
      expect(fn('/')).toBe('/auth/seller/login');
    }
  });
  it('the back office goes to the operator login', () => {
    expect(logoutTarget('/backoffice')).toBe('/auth/operator/login');
  });
});

describe('homeTarget', () => {
  it('buyers go to select-proposal', () => {
    expect(homeTarget('/buyer/data')).toBe('/buyer/select-proposal');
    expect(homeTarget('/buyer/recover')).toBe('/buyer/select-proposal');
  });
  it('sellers go to their proposal list, pages outside an area to /', () => {
    expect(homeTarget('/seller/proposals/1/completed')).toBe('/seller/proposals');
    expect(homeTarget('/error')).toBe('/');
  });
});

describe('loginRoleFromPath', () => {
  it('reads the role of a login page', () => {
    expect(loginRoleFromPath('/buyer/login')).toBe('buyer');
    expect(loginRoleFromPath('/auth/seller/login')).toBe('seller');
    expect(loginRoleFromPath('/auth/operator/login')).toBe('operator');
    expect(loginRoleFromPath('/auth/login')).toBeNull();
    expect(loginRoleFromPath('/auth/admin/login')).toBeNull();
    expect(loginRoleFromPath('/x/auth/seller/login')).toBeNull();
    expect(loginRoleFromPath('/auth/seller/login/x')).toBeNull();
  });
});

describe('markerGuard (docs/product/routes-and-guards.md, second guard)', () => {
  it('public page without marker: allowed', () => {
    expect(markerGuard({ pathname: '/buyer/login', access: 'public', markerRole: null, hasMarker: false })).toEqual({
      kind: 'allow',
    });
  });
  it('public page with marker: to the proposal page of the role', () => {
    expect(markerGuard({ pathname: '/buyer/login', access: 'public', markerRole: 'buyer', hasMarker: true })).toEqual({
      kind: 'redirect',
      to: '/buyer/select-proposal',
    });
    expect(
      markerGuard({ pathname: '/auth/seller/login', access: 'public', markerRole: 'seller', hasMarker: true }),
    ).toEqual({ kind: 'redirect', to: '/seller/select-proposal' });
    expect(
      markerGuard({ pathname: '/buyer/recover', access: 'public', markerRole: 'seller', hasMarker: true }),
    ).toEqual({ kind: 'redirect', to: '/seller/select-proposal' });
  });
  it('public page with a marker of unknown role: by the area (buyer pages → buyer, others → seller)', () => {
    expect(markerGuard({ pathname: '/buyer/login', access: 'public', markerRole: null, hasMarker: true })).toEqual({
      kind: 'redirect',
      to: '/buyer/select-proposal',
    });
    expect(markerGuard({ pathname: '/auth/login', access: 'public', markerRole: undefined, hasMarker: true })).toEqual({
      kind: 'redirect',
      to: '/seller/select-proposal',
    });
  });
  it('private page without marker: to the login of the area', () => {
    expect(markerGuard({ pathname: '/buyer/data', access: 'private', markerRole: null, hasMarker: false })).toEqual({
      kind: 'redirect',
      to: '/buyer/login',
    });
    expect(
      markerGuard({ pathname: '/seller/proposals', access: 'private', markerRole: null, hasMarker: false }),
    ).toEqual({ kind: 'redirect', to: '/auth/seller/login' });
  });
  it('private page with marker: allowed (the session guard decides the role)', () => {
    expect(markerGuard({ pathname: '/buyer/data', access: 'private', markerRole: 'buyer', hasMarker: true })).toEqual({
      kind: 'allow',
    });
  });
  it("'both' pages are allowed either way", () => {
    for (const hasMarker of [true, false]) {
      expect(
        markerGuard({
          pathname: '/buyer/change-password',
          access: 'both',
          markerRole: hasMarker ? 'buyer' : null,
          hasMarker,
        }),
      ).toEqual({ kind: 'allow' });
    }
  });
});

describe('sessionGuard (docs/product/routes-and-guards.md, first guard)', () => {
  it('public and both pages need no session', () => {
    expect(sessionGuard({ pathname: '/buyer/login', access: 'public', sessionRole: null })).toEqual({ kind: 'allow' });
    expect(sessionGuard({ pathname: '/buyer/change-password', access: 'both', sessionRole: null })).toEqual({
      kind: 'allow',
    });
  });
  it('a private page without session goes to login and clears the marker', () => {
    expect(sessionGuard({ pathname: '/buyer/data', access: 'private', sessionRole: null })).toEqual({
      kind: 'redirect',
      to: '/buyer/login',
      clearMarker: true,
    });
    expect(sessionGuard({ pathname: '/seller/proposals', access: 'private', sessionRole: null })).toEqual({
      kind: 'redirect',
      to: '/auth/seller/login',
      clearMarker: true,
    });
  });
  it('the right role passes', () => {
    expect(sessionGuard({ pathname: '/buyer/data', access: 'private', sessionRole: 'buyer' })).toEqual({
      kind: 'allow',
    });
    expect(sessionGuard({ pathname: '/seller/proposals', access: 'private', sessionRole: 'seller' })).toEqual({
      kind: 'allow',
    });
    expect(sessionGuard({ pathname: '/backoffice', access: 'private', sessionRole: 'operator' })).toEqual({
      kind: 'allow',
    });
  });
  it('a wrong role gets the permission message', () => {
    const forbidden = { kind: 'forbidden', message: 'Você não tem permissão para acessar esta página' };
    expect(PERMISSION_DENIED).toBe(forbidden.message);
    expect(sessionGuard({ pathname: '/buyer/data', access: 'private', sessionRole: 'seller' })).toEqual(forbidden);
    expect(sessionGuard({ pathname: '/seller/proposals', access: 'private', sessionRole: 'buyer' })).toEqual(forbidden);
    expect(sessionGuard({ pathname: '/buyer/data', access: 'private', sessionRole: 'operator' })).toEqual(forbidden);
    expect(sessionGuard({ pathname: '/backoffice', access: 'private', sessionRole: 'buyer' })).toEqual(forbidden);
  });
  it('applies the table: every private route of an area refuses the other role', () => {
    for (const r of routes.filter((x) => x.access === 'private')) {
      const needed = roleForPath(r.path);
      expect(needed, r.path).not.toBeNull();
      for (const role of ['buyer', 'seller', 'operator'] as const) {
        expect(
          sessionGuard({ pathname: r.path, access: r.access, sessionRole: role }).kind,
          `${role} on ${r.path}`,
        ).toBe(role === needed ? 'allow' : 'forbidden');
      }
    }
  });
});
