import { Flex, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFound } from '@/components/forbidden';
import { LoginPage } from '@/features/auth/login-page';
import { Allowed } from './allowed';
import { Layout } from './layout';
import { SCREENS } from './screens';

/** The first-use screen: shown once per account, so loaded only when needed (with the QR code). */
const FirstUsePage = lazy(() => import('@/features/account/first-use-page'));

/**
 * The back office's routes, under /admin (the server answers /admin/* with its index.html):
 * the login, the first-use screen (a new password and two-factor, outside the menus), and
 * every screen inside the layout.
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/setup',
      element: (
        <Suspense
          fallback={
            <Flex justify="center" style={{ padding: 64 }}>
              <Spin />
            </Flex>
          }
        >
          <FirstUsePage />
        </Suspense>
      ),
    },
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
