// First: configures zod before any schema is built.
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { StrictMode, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { InspectorHost } from './components/inspector/inspector-host.tsx';
import { Toasts } from './components/toasts.tsx';
import { router } from './routes/router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { createQueryClient, createTrpcClient, trpc } from './trpc.ts';

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
