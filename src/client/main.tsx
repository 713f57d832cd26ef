// First: configures zod before any schema is built.
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { InspectorHost } from './components/inspector/inspector-host.tsx';
import { Toasts } from './components/toasts.tsx';
import { router } from './routes/router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { createQueryClient, createTrpcClient, trpc } from './trpc.ts';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
// The session gate's two questions (who is signed in, in which workspace) go out now, in
// one batch, while the page's code downloads, instead of after the first render.
const session = createTRPCQueryUtils({ queryClient, client: trpcClient });
void session.auth.me.prefetch();
void session.workspaces.current.prefetch();

function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
        >
          <Toasts />
          <RouterProvider router={router} />
          <InspectorHost />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');
const root = createRoot(rootElement);
// A transition, so that React renders the first screen in slices rather than one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
