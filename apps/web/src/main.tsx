// First, before any module builds a zod schema (see the module).
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { api } from './lib/api-client.ts';
import './index.css';

// Ask for the CSRF cookie at once; POST helpers await this so the cookie exists before the first POST.
void api.ensureCsrfCookie();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
