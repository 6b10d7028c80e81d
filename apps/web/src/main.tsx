// First, before any module builds a zod schema (see the module).
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/provider.tsx';
import { createAppRouter, whenRouterReady } from './app/router.tsx';
import { api } from './lib/api-client.ts';
import './index.css';

// Ask for the CSRF cookie at once; POST helpers await this so the cookie exists before the first POST.
void api.ensureCsrfCookie();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// The server's page already shows this path's screen or its header (decision 016). The app's first render
// replaces it once the screen's module and loaders are in, so the visitor sees that page, then the live
// screen, and never a spinner between the two.
void whenRouterReady(router).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
