import { createElement, lazy, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteId } from '@portal/domain/routes';

/**
 * The screens built so far, each its own chunk. A route of the table without an entry here shows
 * the not-found screen until its issue builds it.
 */
export const SCREENS: Partial<Record<RouteId, ComponentType>> = {
  'buyer.login': lazy(() => import('../features/auth/login-page')),
  'auth.login': lazy(() => import('../features/auth/login-page')),
  'auth.role.login': lazy(() => import('../features/auth/login-page')),
  'buyer.recover': lazy(() => import('../features/auth/recover-page')),
  'buyer.change-password': lazy(() => import('../features/auth/change-password-page')),
  'buyer.home': lazy(() => import('../features/proposals/buyer-home-page')),
  'buyer.select-proposal': lazy(() => import('../features/proposals/select-proposal-page')),
  'seller.proposals': lazy(() => import('../features/proposals/seller-proposals-page')),
  'buyer.buyers': lazy(() => import('../features/buyer-sections/buyers-page')),
  'buyer.data': lazy(() => import('../features/buyer-sections/data-page')),
  'buyer.address': lazy(() => import('../features/buyer-sections/address-page')),
  'buyer.document-registration': lazy(() => import('../features/buyer-sections/document-registration-page')),
  'buyer.investment': lazy(() => import('../features/buyer-sections/investment-page')),
  'buyer.seller-form': lazy(() => import('../features/buyer-sections/seller-form-page')),
  // The second guard's seller target (spec §6) is the seller's list.
  'seller.select-proposal': () => createElement(Navigate, { to: '/seller/proposals', replace: true }),
  'backoffice.monitoring': lazy(() => import('../features/monitoring/monitoring-page')),
  error: lazy(() => import('../features/errors/error-page')),
};
