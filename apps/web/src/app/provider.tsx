import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { toastError } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';

// One client for the page's lifetime; failed calls surface as the spec's Error toast.
const queryClient = createQueryClient({ onError: toastError });

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TooltipProvider>
          {/* vaul scales this wrapper back while the mobile drawer is open. */}
          <div data-vaul-drawer-wrapper="">{children}</div>
          <Toaster />
        </TooltipProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
