import type { Role } from './auth';

/**
 * The route table of docs/product/routes-and-guards.md, as data. It drives the web router, both guards and the navigation
 * bar. Every route has its screen in apps/web/src/app/screens.ts (a missing one fails typecheck).
 */
export type NavButton = 'back' | 'home' | 'logout';
/** public: only logged out (the marker guard sends a logged-in user on); private: needs a session; both: either. */
export type Access = 'public' | 'private' | 'both';

export interface RouteDef {
  /** Stable key used by the web app to attach a screen. */
  id: string;
  /** React Router pattern. */
  path: string;
  access: Access;
  /** Navigation bar slots; null hides the bar (login layout). */
  nav: { left?: NavButton; right?: NavButton } | null;
  /** Document title, in Portuguese (also names the monitoring transaction, docs/product/monitoring.md). */
  title: string;
  /** Page transition (the seller documents screen slides left to right). */
  transition?: 'left-to-right';
}

const BACK_HOME = { left: 'back', right: 'home' } as const;
const BACK_LOGOUT = { left: 'back', right: 'logout' } as const;
const HOME_LOGOUT = { left: 'home', right: 'logout' } as const;

/** A path's id, as a type: '/seller/proposals/:proposalId/upload' → 'seller.proposals.proposalId.upload'. */
type DottedPath<S extends string> = S extends `${infer A}/:${infer B}`
  ? DottedPath<`${A}.${B}`>
  : S extends `${infer A}/${infer B}`
    ? DottedPath<`${A}.${B}`>
    : S;
type IdOfPath<P extends string> = P extends `/${infer R}` ? DottedPath<R> : never;

/** The same, at run time (routes.test.ts checks that both agree on every route). */
export const idOfPath = <P extends string>(path: P) =>
  path.slice(1).replace(/[/:]+/g, '.').replace(/\.$/, '') as IdOfPath<P>;

const buyer = <P extends string>(path: P, title: string, nav: RouteDef['nav'] = BACK_HOME) =>
  ({ id: idOfPath(path), path, access: 'private', nav, title }) as const satisfies RouteDef;

type SellerPath<S extends string> = S extends ''
  ? '/seller/proposals/:proposalId'
  : `/seller/proposals/:proposalId/${S}`;
const seller = <S extends string>(sub: S, title: string, nav: RouteDef['nav'] = BACK_LOGOUT) =>
  buyer((sub ? `/seller/proposals/:proposalId/${sub}` : '/seller/proposals/:proposalId') as SellerPath<S>, title, nav);

export const ROUTES = [
  // Public and login layout
  { id: 'buyer.login', path: '/buyer/login', access: 'public', nav: null, title: 'Entrar — Comprador' },
  { id: 'buyer.recover', path: '/buyer/recover', access: 'public', nav: { right: 'home' }, title: 'Recuperar senha' },
  {
    id: 'buyer.change-password',
    path: '/buyer/change-password',
    access: 'both',
    nav: BACK_HOME,
    title: 'Alterar senha',
  },
  // An invitation's landing (docs/decisions/043-joining.md): welcome, first password, straight in.
  { id: 'auth.convite', path: '/auth/convite', access: 'both', nav: null, title: 'Convite' },
  // A reminder's "Não quero mais lembretes" (docs/decisions/049-reminders-and-metrics.md): done, with undo.
  { id: 'auth.lembretes', path: '/auth/lembretes', access: 'both', nav: null, title: 'Lembretes' },
  { id: 'auth.login', path: '/auth/login', access: 'public', nav: null, title: 'Entrar' },
  { id: 'auth.role.login', path: '/auth/:role/login', access: 'public', nav: null, title: 'Entrar' },
  { id: 'error', path: '/error', access: 'both', nav: { left: 'back' }, title: 'Erro' },

  // Buyer
  buyer('/buyer/home', 'Início', HOME_LOGOUT),
  buyer('/buyer/select-proposal', 'Minhas propostas', HOME_LOGOUT),
  buyer('/buyer/address', 'Endereço'),
  buyer('/buyer/buyers', 'Compradores'),
  buyer('/buyer/data', 'Dados gerais'),
  buyer('/buyer/document-registration', 'Documento de identificação'),
  buyer('/buyer/documents/fgts', 'Formulários do FGTS'),
  buyer('/buyer/documents/upload', 'Envio de documentos'),
  buyer('/buyer/fgts/address', 'FGTS — Endereço'),
  buyer('/buyer/fgts/authorization', 'FGTS — Autorização'),
  buyer('/buyer/fgts/civil-status', 'FGTS — Estado civil'),
  buyer('/buyer/fgts/questions', 'FGTS — Perguntas'),
  buyer('/buyer/fgts/review', 'FGTS — Revisão'),
  buyer('/buyer/fgts/tax', 'FGTS — Imposto de renda'),
  // The FGTS utility routes: no screen, they open the one where the buyer's FGTS stands.
  { ...buyer('/buyer/fgts/utils/*', 'FGTS'), id: 'buyer.fgts.utils' },
  buyer('/buyer/insurance', 'Seguro'),
  buyer('/buyer/insurance-itau', 'Seguro Itaú'),
  buyer('/buyer/insurance-tokio', 'Seguro Tokio Marine'),
  buyer('/buyer/investment', 'Dados de investimento'),
  buyer('/buyer/seguradora', 'Seguradora'),
  buyer('/buyer/seguradora/empresa', 'Seguradora — Empresa'),
  buyer('/buyer/seguradora/perguntas/:question', 'Declaração de saúde'),
  buyer('/buyer/seguradora/proposta', 'Seguradora — Proposta'),
  buyer('/buyer/seguradora/revisao', 'Seguradora — Revisão'),
  buyer('/buyer/seller-form', 'Dados do vendedor'),
  buyer('/buyer/privacy', 'Privacidade'),

  // Seller
  {
    id: 'seller.proposals',
    path: '/seller/proposals',
    access: 'private',
    nav: { right: 'logout' },
    title: 'Propostas',
  },
  { id: 'seller.privacy', path: '/seller/privacy', access: 'private', nav: BACK_LOGOUT, title: 'Privacidade' },
  {
    id: 'seller.select-proposal',
    path: '/seller/select-proposal',
    access: 'private',
    nav: { right: 'logout' },
    title: 'Propostas',
  },
  seller('', 'Proposta'),
  seller('address', 'Endereço do vendedor'),
  seller('amounts-receivable', 'Valores a receber'),
  seller('completed', 'Concluído', HOME_LOGOUT),
  { ...seller('documents', 'Documentos'), transition: 'left-to-right' },
  seller('general-data', 'Dados gerais do vendedor'),
  seller('property', 'Imóvel'),
  seller('property/contact', 'Contato para vistoria'),
  seller('property/financing-data', 'Financiamento do imóvel'),
  seller('property/marital/questions', 'Estado civil'),
  seller('property/questions', 'Perguntas sobre o imóvel'),
  seller('property/questions/info', 'Informações do imóvel'),
  seller('property/registry', 'Registro do imóvel'),
  seller('upload', 'Envio de documentos'),

  // Back office (docs/product/back-office.md)
  { id: 'backoffice', path: '/backoffice', access: 'private', nav: HOME_LOGOUT, title: 'Propostas — equipe do portal' },
  // What waits on the team, oldest first (docs/decisions/050-operator-queue.md).
  { id: 'backoffice.queue', path: '/backoffice/fila', access: 'private', nav: HOME_LOGOUT, title: 'Minha fila' },
  {
    id: 'backoffice.monitoring',
    path: '/backoffice/monitoring',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Monitoramento',
  },
  {
    id: 'backoffice.documents',
    path: '/backoffice/proposals/:proposalId/documents',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Documentos da proposta',
  },
  // Back office (docs/decisions/007-back-office.md): new proposal, one proposal, audit log, e-mail outbox, operators.
  {
    id: 'backoffice.proposals.new',
    path: '/backoffice/proposals/new',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Nova proposta',
  },
  {
    id: 'backoffice.proposal',
    path: '/backoffice/proposals/:proposalId',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Proposta — equipe do portal',
  },
  { id: 'backoffice.audit', path: '/backoffice/audit', access: 'private', nav: BACK_LOGOUT, title: 'Auditoria' },
  {
    id: 'backoffice.outbox',
    path: '/backoffice/outbox',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'E-mails enviados',
  },
  {
    id: 'backoffice.operators',
    path: '/backoffice/operators',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Operadores',
  },
  { id: 'backoffice.privacy', path: '/backoffice/privacy', access: 'private', nav: BACK_LOGOUT, title: 'Pedidos LGPD' },
  // Background jobs: what waits, runs and failed, with "Tentar de novo" (docs/decisions/048-background-jobs.md).
  {
    id: 'backoffice.jobs',
    path: '/backoffice/jobs',
    access: 'private',
    nav: BACK_LOGOUT,
    title: 'Tarefas em segundo plano',
  },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** The role an area of the portal requires (docs/product/routes-and-guards.md: /buyer needs buyer, /seller needs seller). */
export function roleForPath(pathname: string): Role | null {
  if (pathname === '/buyer' || pathname.startsWith('/buyer/')) return 'buyer';
  if (pathname === '/seller' || pathname.startsWith('/seller/')) return 'seller';
  if (pathname === '/backoffice' || pathname.startsWith('/backoffice/')) return 'operator';
  return null;
}

/** The invitation landing; e-mailed links add ?token= (docs/decisions/043-joining.md). */
export const INVITATION_PATH = '/auth/convite';

export const LOGIN_PATH: Record<Role, string> = {
  buyer: '/buyer/login',
  seller: '/auth/seller/login',
  operator: '/auth/operator/login',
};

/** Where the marker guard sends a logged-in user who opens a public page (docs/product/routes-and-guards.md). */
export const PROPOSAL_PAGE: Record<Role, string> = {
  buyer: '/buyer/select-proposal',
  seller: '/seller/select-proposal',
  operator: '/backoffice',
};

/** Where '/' sends each role (docs/product/routes-and-guards.md); no session goes to the buyer login. */
export const HOME_BY_ROLE: Record<Role, string> = {
  buyer: '/buyer/select-proposal',
  seller: '/seller/proposals',
  operator: '/backoffice',
};

/** The login a private page sends to: the buyer login for /buyer pages, else the seller's (docs/product/routes-and-guards.md). */
export function loginPathFor(pathname: string): string {
  const role = roleForPath(pathname);
  return role === 'operator' ? LOGIN_PATH.operator : role === 'buyer' ? LOGIN_PATH.buyer : LOGIN_PATH.seller;
}

/** After logout (docs/product/routes-and-guards.md): a buyer page goes to the buyer login, any other page to the seller's. */
export const logoutTarget = loginPathFor;

/** Where the home button goes (docs/product/routes-and-guards.md: buyers to select-proposal). */
export function homeTarget(pathname: string): string {
  const role = roleForPath(pathname);
  return role ? HOME_BY_ROLE[role] : '/';
}

export function rootRedirect(role: string | null | undefined): string {
  return role === 'buyer' || role === 'seller' || role === 'operator' ? HOME_BY_ROLE[role] : LOGIN_PATH.buyer;
}

/** The login page's role: /buyer/login is the buyer's, /auth/{role}/login that role's, /auth/login none. */
export function loginRoleFromPath(pathname: string): Role | null {
  if (pathname.startsWith('/buyer/')) return 'buyer';
  const m = /^\/auth\/(buyer|seller|operator)\/login$/.exec(pathname);
  return m ? (m[1] as Role) : null;
}

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; clearMarker?: boolean } | { kind: 'forbidden'; message: string };

export const PERMISSION_DENIED = 'Você não tem permissão para acessar esta página';

/**
 * Second guard (docs/product/routes-and-guards.md): the local-storage marker of portal login data. Synchronous, it runs
 * before any request. markerRole is the role saved at login (null without a marker).
 */
export function markerGuard(args: {
  pathname: string;
  access: Access;
  markerRole: Role | null | undefined;
  hasMarker: boolean;
}): GuardDecision {
  const { pathname, access, markerRole, hasMarker } = args;
  if (access === 'both') return { kind: 'allow' };
  if (access === 'public') {
    if (!hasMarker) return { kind: 'allow' };
    const role = markerRole ?? (roleForPath(pathname) === 'buyer' ? 'buyer' : 'seller');
    return { kind: 'redirect', to: PROPOSAL_PAGE[role] };
  }
  return hasMarker ? { kind: 'allow' } : { kind: 'redirect', to: loginPathFor(pathname) };
}

/** First guard (docs/product/routes-and-guards.md): a private page needs a session whose role matches the area. */
export function sessionGuard(args: { pathname: string; access: Access; sessionRole: Role | null }): GuardDecision {
  const { pathname, access, sessionRole } = args;
  if (access !== 'private') return { kind: 'allow' };
  if (!sessionRole) return { kind: 'redirect', to: loginPathFor(pathname), clearMarker: true };
  const needed = roleForPath(pathname);
  if (needed && needed !== sessionRole) return { kind: 'forbidden', message: PERMISSION_DENIED };
  return { kind: 'allow' };
}
