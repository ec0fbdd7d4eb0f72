import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { PageLoading } from '@/components/layout/page-loading';

type PageBoundaryProps = { children: ReactNode };

/**
 * Around each page, which is loaded on demand (see router.tsx): the loading state while its code
 * arrives, and a way out when it cannot (offline, or a new release replaced the old files).
 * Keyed by the address in the shell, so moving to another page starts afresh.
 */
export function PageBoundary({ children }: PageBoundaryProps) {
  return (
    <PageLoadErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageLoadErrorBoundary>
  );
}

class PageLoadErrorBoundary extends Component<PageBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <ErrorState
        title="This page couldn't load"
        message={this.state.error.message}
        // React.lazy keeps a failed import, and after a release the old file names are gone:
        // only a fresh page (new index.html, new chunks) can recover.
        onRetry={() => window.location.reload()}
      />
    );
  }
}
