import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';

/** Renders the real route table at `url` in a memory router, with the app's providers. */
export function renderRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

export const validSession = {
  session: { user: { id: 1, email: 'ada@example.com' }, expiresAt: '2099-01-01T00:00:00.000Z' },
};
