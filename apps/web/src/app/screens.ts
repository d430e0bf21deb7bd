import { createElement, lazy, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteId } from '@portal/domain/routes';

/**
 * The screen of every route of the table, each its own chunk. A route without a screen, or a key
 * that is not a route id, fails typecheck.
 */
export const SCREENS: Record<RouteId, ComponentType> = {
  'buyer.login': lazy(() => import('../features/auth/login-page')),
  'auth.login': lazy(() => import('../features/auth/login-page')),
  'auth.role.login': lazy(() => import('../features/auth/login-page')),
  'buyer.recover': lazy(() => import('../features/auth/recover-page')),
  'buyer.change-password': lazy(() => import('../features/auth/change-password-page')),
  'buyer.home': lazy(() => import('../features/proposals/buyer-home-page')),
  'buyer.select-proposal': lazy(() => import('../features/proposals/select-proposal-page')),
  'seller.proposals': lazy(() => import('../features/seller/proposals-page')),
  'seller.proposals.proposalId': lazy(() => import('../features/seller/proposal-page')),
  'seller.proposals.proposalId.general-data': lazy(() => import('../features/seller/general-data-page')),
  'seller.proposals.proposalId.address': lazy(() => import('../features/seller/address-page')),
  'seller.proposals.proposalId.property': lazy(() => import('../features/seller/property-page')),
  'seller.proposals.proposalId.property.registry': lazy(() => import('../features/seller/registry-page')),
  'seller.proposals.proposalId.property.financing-data': lazy(() => import('../features/seller/financing-data-page')),
  'seller.proposals.proposalId.property.questions': lazy(() => import('../features/seller/questions-page')),
  'seller.proposals.proposalId.property.questions.info': lazy(() => import('../features/seller/questions-info-page')),
  'seller.proposals.proposalId.property.marital.questions': lazy(
    () => import('../features/seller/marital-questions-page'),
  ),
  'seller.proposals.proposalId.property.contact': lazy(() => import('../features/seller/contact-page')),
  'seller.proposals.proposalId.amounts-receivable': lazy(() => import('../features/seller/amounts-receivable-page')),
  'seller.proposals.proposalId.documents': lazy(() => import('../features/seller/documents-page')),
  'seller.proposals.proposalId.completed': lazy(() => import('../features/seller/completed-page')),
  'buyer.buyers': lazy(() => import('../features/buyer-sections/buyers-page')),
  'buyer.data': lazy(() => import('../features/buyer-sections/data-page')),
  'buyer.address': lazy(() => import('../features/buyer-sections/address-page')),
  'buyer.document-registration': lazy(() => import('../features/buyer-sections/document-registration-page')),
  'buyer.investment': lazy(() => import('../features/buyer-sections/investment-page')),
  'buyer.seller-form': lazy(() => import('../features/buyer-sections/seller-form-page')),
  'buyer.privacy': lazy(() => import('../features/privacy/privacy-page')),
  'seller.privacy': lazy(() => import('../features/privacy/privacy-page')),
  'backoffice.privacy': lazy(() => import('../features/privacy/privacy-requests-page')),
  // The second guard's seller target (docs/product/routes-and-guards.md) is the seller's list.
  'seller.select-proposal': () => createElement(Navigate, { to: '/seller/proposals', replace: true }),
  'backoffice.monitoring': lazy(() => import('../features/monitoring/monitoring-page')),
  'buyer.documents.upload': lazy(() => import('../features/documents/buyer-upload-page')),
  'seller.proposals.proposalId.upload': lazy(() => import('../features/documents/seller-upload-page')),
  'backoffice.documents': lazy(() => import('../features/documents/review-page')),
  // FGTS and the insurer's health declaration (docs/decisions/009-fgts-and-health-declaration.md).
  'buyer.fgts.questions': lazy(() => import('../features/fgts/questions-page')),
  'buyer.fgts.address': lazy(() => import('../features/fgts/address-page')),
  'buyer.fgts.civil-status': lazy(() => import('../features/fgts/civil-status-page')),
  'buyer.fgts.tax': lazy(() => import('../features/fgts/tax-page')),
  'buyer.fgts.authorization': lazy(() => import('../features/fgts/authorization-page')),
  'buyer.fgts.review': lazy(() => import('../features/fgts/review-page')),
  'buyer.documents.fgts': lazy(() => import('../features/fgts/documents-fgts-page')),
  'buyer.fgts.utils': lazy(() => import('../features/fgts/utils-page')),
  'buyer.insurance': lazy(() => import('../features/insurance/insurance-page')),
  'buyer.insurance-itau': lazy(() => import('../features/insurance/insurance-itau-page')),
  'buyer.insurance-tokio': lazy(() => import('../features/insurance/insurance-tokio-page')),
  'buyer.seguradora': lazy(() => import('../features/insurance/declaration-resume-page')),
  'buyer.seguradora.empresa': lazy(() => import('../features/insurance/insurer-consent-page')),
  'buyer.seguradora.perguntas.question': lazy(() => import('../features/insurance/question-page')),
  'buyer.seguradora.proposta': lazy(() => import('../features/insurance/insurance-proposal-page')),
  'buyer.seguradora.revisao': lazy(() => import('../features/insurance/declaration-review-page')),
  // Back office (docs/decisions/007-back-office.md).
  backoffice: lazy(() => import('../features/backoffice/proposals-page')),
  'backoffice.proposals.new': lazy(() => import('../features/backoffice/new-proposal-page')),
  'backoffice.proposal': lazy(() => import('../features/backoffice/proposal-page')),
  'backoffice.audit': lazy(() => import('../features/backoffice/audit-page')),
  'backoffice.outbox': lazy(() => import('../features/backoffice/outbox-page')),
  'backoffice.operators': lazy(() => import('../features/backoffice/operators-page')),
  error: lazy(() => import('../features/errors/error-page')),
};
