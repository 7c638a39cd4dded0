import { createBrowserRouter } from 'react-router';
import { NotFound } from '@/components/forbidden';
import { LoginPage } from '@/features/auth/login-page';
import { Allowed } from './allowed';
import { Layout } from './layout';
import { SCREENS } from './screens';

/** The back office's routes, under /admin (the server answers /admin/* with its index.html). */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <Layout />,
      children: [
        ...SCREENS.map((screen) =>
          screen.path === ''
            ? { index: true, element: <Allowed screen={screen} /> }
            : { path: screen.path, element: <Allowed screen={screen} /> },
        ),
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
