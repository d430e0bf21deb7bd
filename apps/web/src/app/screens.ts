import { createElement, lazy, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteId } from '@portal/domain/routes';
import ErrorPage from '../features/errors/error-page';
import { SCREEN_LOADERS } from './screen-loaders';

/**
 * The screen of every route of the table, each its own chunk (app/screen-loaders.ts) but the error
 * screen, which is in the app shell. A route without a screen, or a key that is not a route id,
 * fails typecheck.
 */
const LAZY = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([id, load]): [string, ComponentType] => [id, lazy(load)]),
) as Record<keyof typeof SCREEN_LOADERS, ComponentType>;

export const SCREENS: Record<RouteId, ComponentType> = {
  ...LAZY,
  // The second guard's seller target (docs/product/routes-and-guards.md) is the seller's list.
  'seller.select-proposal': () => createElement(Navigate, { to: '/seller/proposals', replace: true }),
  // Drawn without the network: app/route-error.tsx shows it when a screen's chunk cannot be fetched.
  error: ErrorPage,
};
