// The DOM build of the provider: it can commit a navigation synchronously (`flushSync`),
// which logout needs to leave a login-only page before the session is cleared.
import { RouterProvider } from 'react-router/dom';
import { SiteGate } from '@/features/auth/components/site-gate';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <AppProvider>
      {/* Desktop → pc site, company status → loss_url (docs/product.md §2, §7). */}
      <SiteGate />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
