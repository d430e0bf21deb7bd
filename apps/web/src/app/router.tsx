import { createBrowserRouter, Outlet } from 'react-router';
import { ROUTES } from '@portal/domain/routes';
import { GuardedRoute } from './guarded-route';
import { RootRedirect } from './root-redirect';
import { RouteError } from './route-error';
import NotFoundPage from '../features/errors/not-found-page';

/** The router is built from the route table of packages/domain (docs/product/routes-and-guards.md): one place for every path. */
export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      ...ROUTES.map((route) => ({ path: route.path, element: <GuardedRoute route={route} key={route.id} /> })),
      { path: '*', element: <NotFoundPage withNav /> },
    ],
  },
]);
