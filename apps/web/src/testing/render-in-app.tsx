import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders a component inside what the app's provider gives every page: the app's own query
 * client (its shared fetch, no retries, nothing refetched behind the page's back), new for each
 * render, a router and the tooltips' provider.
 */
export function renderInApp(ui: ReactElement, client: QueryClient = createQueryClient()) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TooltipProvider>{ui}</TooltipProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
