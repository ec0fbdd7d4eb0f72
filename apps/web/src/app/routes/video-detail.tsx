import { ArrowLeftIcon, ScanEyeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function VideoDetailRoute() {
  return (
    <>
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/">
            <ArrowLeftIcon aria-hidden />
            Back to Dashboard
          </Link>
        </Button>
      </div>
      <PageHeader title="Video" description="Watch, analyse and annotate one video." />
      <EmptyState
        icon={ScanEyeIcon}
        title="This video's player and analysis will appear here"
        description="The player with coaching points, the Technical Analysis, the players detected in it, annotations and the AI Coach chat."
      />
    </>
  );
}
