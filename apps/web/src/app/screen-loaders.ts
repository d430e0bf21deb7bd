import type { ComponentType } from 'react';
import { ROUTES, type RouteId } from '@portal/domain/routes';

/** Loads a screen's chunk. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * The chunk of every route's screen, each its own, but two (app/screens.ts): 'seller.select-proposal'
 * is a redirect, and the error screen is part of the app shell, so that it draws when a screen's
 * chunk cannot be fetched. A module of its own, free of the router and antd, so that the entry can
 * start a screen's download beside the app's.
 */
export type ChunkedRouteId = Exclude<RouteId, 'seller.select-proposal' | 'error'>;

export const SCREEN_LOADERS: Record<ChunkedRouteId, ScreenLoader> = {
  'buyer.login': () => import('../features/auth/login-page'),
  'auth.login': () => import('../features/auth/login-page'),
  'auth.role.login': () => import('../features/auth/login-page'),
  'buyer.recover': () => import('../features/auth/recover-page'),
  'buyer.change-password': () => import('../features/auth/change-password-page'),
  'auth.convite': () => import('../features/auth/invitation-page'),
  'auth.lembretes': () => import('../features/reminders/opt-out-page'),
  'buyer.home': () => import('../features/proposals/buyer-home-page'),
  'buyer.select-proposal': () => import('../features/proposals/select-proposal-page'),
  'seller.proposals': () => import('../features/seller/seller-proposals-page'),
  'seller.proposals.proposalId': () => import('../features/seller/seller-proposal-page'),
  'seller.proposals.proposalId.general-data': () => import('../features/sections/seller-general-data-page'),
  'seller.proposals.proposalId.address': () => import('../features/sections/seller-address-page'),
  'seller.proposals.proposalId.property': () => import('../features/sections/seller-property-page'),
  'seller.proposals.proposalId.property.registry': () => import('../features/sections/seller-registry-page'),
  'seller.proposals.proposalId.property.financing-data': () =>
    import('../features/sections/seller-financing-data-page'),
  'seller.proposals.proposalId.property.questions': () => import('../features/sections/seller-questions-page'),
  'seller.proposals.proposalId.property.questions.info': () =>
    import('../features/sections/seller-questions-info-page'),
  'seller.proposals.proposalId.property.marital.questions': () =>
    import('../features/sections/seller-marital-questions-page'),
  'seller.proposals.proposalId.property.contact': () => import('../features/sections/seller-contact-page'),
  'seller.proposals.proposalId.amounts-receivable': () => import('../features/sections/seller-amounts-receivable-page'),
  'seller.proposals.proposalId.documents': () => import('../features/documents/seller-documents-page'),
  'seller.proposals.proposalId.completed': () => import('../features/seller/completed-page'),
  'buyer.buyers': () => import('../features/sections/buyer-buyers-page'),
  'buyer.data': () => import('../features/sections/buyer-data-page'),
  'buyer.address': () => import('../features/sections/buyer-address-page'),
  'buyer.document-registration': () => import('../features/sections/buyer-document-registration-page'),
  'buyer.investment': () => import('../features/sections/buyer-investment-page'),
  'buyer.seller-form': () => import('../features/sections/buyer-seller-form-page'),
  'buyer.privacy': () => import('../features/privacy/privacy-page'),
  'seller.privacy': () => import('../features/privacy/privacy-page'),
  'backoffice.privacy': () => import('../features/privacy/privacy-requests-page'),
  'backoffice.monitoring': () => import('../features/monitoring/monitoring-page'),
  'buyer.documents.upload': () => import('../features/documents/buyer-upload-page'),
  'seller.proposals.proposalId.upload': () => import('../features/documents/seller-upload-page'),
  'backoffice.documents': () => import('../features/documents/operator-review-page'),
  // FGTS and the insurer's health declaration (docs/decisions/009-fgts-and-health-declaration.md).
  'buyer.fgts.questions': () => import('../features/fgts/buyer-questions-page'),
  'buyer.fgts.address': () => import('../features/fgts/buyer-fgts-address-page'),
  'buyer.fgts.civil-status': () => import('../features/fgts/civil-status-page'),
  'buyer.fgts.tax': () => import('../features/fgts/tax-page'),
  'buyer.fgts.authorization': () => import('../features/fgts/authorization-page'),
  'buyer.fgts.review': () => import('../features/fgts/buyer-review-page'),
  'buyer.documents.fgts': () => import('../features/fgts/documents-fgts-page'),
  'buyer.fgts.utils': () => import('../features/fgts/utils-page'),
  'buyer.insurance': () => import('../features/insurance/insurance-page'),
  'buyer.insurance-itau': () => import('../features/insurance/insurance-itau-page'),
  'buyer.insurance-tokio': () => import('../features/insurance/insurance-tokio-page'),
  'buyer.seguradora': () => import('../features/insurance/declaration-resume-page'),
  'buyer.seguradora.empresa': () => import('../features/insurance/insurer-consent-page'),
  'buyer.seguradora.perguntas.question': () => import('../features/insurance/question-page'),
  'buyer.seguradora.proposta': () => import('../features/insurance/insurance-proposal-page'),
  'buyer.seguradora.revisao': () => import('../features/insurance/declaration-review-page'),
  // Back office (docs/decisions/007-back-office.md).
  backoffice: () => import('../features/backoffice/operator-proposals-page'),
  'backoffice.queue': () => import('../features/backoffice/queue-page'),
  'backoffice.proposals.new': () => import('../features/backoffice/new-proposal-page'),
  'backoffice.proposal': () => import('../features/backoffice/operator-proposal-page'),
  'backoffice.audit': () => import('../features/backoffice/audit-page'),
  'backoffice.outbox': () => import('../features/backoffice/outbox-page'),
  'backoffice.jobs': () => import('../features/backoffice/jobs-page'),
  'backoffice.operators': () => import('../features/backoffice/operators-page'),
};

/** The table's paths as patterns; a path without parameters wins over one with (…/new before …/:proposalId). */
const PATTERNS = [...ROUTES]
  .sort((a, b) => a.path.split(':').length - b.path.split(':').length)
  .map((route) => ({
    id: route.id,
    pattern: new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
  }));

/** The route id of an in-app path (query and hash ignored), or null. */
export function routeIdOf(path: string): RouteId | null {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return (PATTERNS.find((p) => p.pattern.test(pathname))?.id as RouteId | undefined) ?? null;
}

const requested = new Set<string>();

const hasChunk = (id: RouteId): id is ChunkedRouteId => id in SCREEN_LOADERS;

/** Starts downloading the screen of an in-app path now (a first visit: beside the app's chunk). */
export function preloadScreen(path: string): void {
  const id = routeIdOf(path);
  if (!id || !hasChunk(id) || requested.has(id)) return;
  requested.add(id);
  void SCREEN_LOADERS[id]().catch(() => requested.delete(id));
}

/** The build's list of each screen's files (build/screen-files.ts). */
interface ScreenFiles {
  files: string[];
  screens: Partial<Record<string, number[]>>;
}

let screenFiles: Promise<{ dir: string; map: ScreenFiles } | null> | null = null;

/** Reads, once, the list at `href` (the page's `<meta name="screen-files">`); null when it cannot be read. */
function readScreenFiles(href: string) {
  return (screenFiles ??= fetch(href)
    .then(async (response) =>
      response.ok
        ? { dir: href.slice(0, href.lastIndexOf('/') + 1), map: (await response.json()) as ScreenFiles }
        : null,
    )
    .catch(() => null));
}

/** The screens (route ids) and the files already fetched ahead in this visit. */
const screensAhead = new Set<string>();
const filesAhead = new Set<string>();

/**
 * Fetches the files of an in-app path's screen into the browser's cache without running them
 * (docs/decisions/066-prefetch-without-running.md): a `<link rel="prefetch">` for its chunk and each
 * chunk and stylesheet it imports that this visit has not loaded yet. Opening the screen then runs
 * them from the cache. In development (no list) the screen is loaded as preloadScreen does.
 */
export function prefetchScreenFiles(path: string): void {
  const id = routeIdOf(path);
  if (!id || !hasChunk(id) || screensAhead.has(id)) return;
  screensAhead.add(id);
  const href = document.querySelector<HTMLMetaElement>('meta[name="screen-files"]')?.content;
  if (!href) return preloadScreen(path);
  void readScreenFiles(href).then((list) => {
    if (!list) return;
    for (const i of list.map.screens[id] ?? []) {
      const file = `${list.dir}${list.map.files[i]}`;
      if (filesAhead.has(file) || performance.getEntriesByName(new URL(file, location.href).href).length > 0) continue;
      filesAhead.add(file);
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = file;
      // As the module loader asks for a chunk (CORS, same-origin credentials): one cache entry serves both.
      link.crossOrigin = 'anonymous';
      document.head.append(link);
    }
  });
}
