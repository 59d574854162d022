import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { I18nProvider } from '../lib/i18n';
import { checkHealth } from '../lib/health';
import { router } from './routes';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});
// The backend check (useBackendAvailable) asked at once, not when the first page's code has arrived and
// rendered: pages that read the server (the studio's product, the home page's products) wait for its answer.
void queryClient.prefetchQuery({ queryKey: ['health'], queryFn: checkHealth, retry: false, networkMode: 'always' });

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
