import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/provider.tsx';
import { createAppRouter, whenRouterReady } from './app/router.tsx';
import { restoreSession } from './features/auth/api/restore-session.ts';
import { api } from './lib/api-client.ts';
import { getSessionToken } from './lib/session.ts';
import { afterNextPaint, yieldToMain } from './lib/yield-to-main.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
const root = container;

/**
 * The server's page already shows this path's screen or its header (decision 016). Start-up runs as short
 * tasks, not one long one that blocks input on a slow phone: the router is created in a task after the one
 * that evaluated the modules (creating it matches the location and starts the screen's loaders, about 30 ms
 * at Lighthouse's 4x CPU). The app's first render replaces the page once the screen's module and loaders are
 * in, so the visitor sees that page, then the live screen, and never a spinner between the two; it starts in
 * a task of its own too, and as a transition, which React renders in slices that yield to the browser.
 */
async function renderApp(): Promise<void> {
  await yieldToMain();
  // A new tab of a signed-in browser starts signed in on every page, public ones too (decision 022); a
  // visitor's browser holds no restore flag and asks nothing.
  if (!getSessionToken()) await restoreSession();
  const router = createAppRouter();
  await whenRouterReady(router);
  await yieldToMain();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  // Only a POST needs the CSRF cookie, and a POST asks for it itself when it is not in yet. Asked for here,
  // once the screen's data is in and a frame has passed, it does not share a phone's link with that data
  // (decision 016).
  await afterNextPaint();
  void api.ensureCsrfCookie();
}

void renderApp();
