import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders a component inside the app's own query client (its shared fetch, no retries, nothing
 * refetched behind the page's back), new for each render.
 */
export function renderWithQueries(ui: ReactElement, client: QueryClient = createQueryClient()) {
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
