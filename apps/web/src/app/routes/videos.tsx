import { FilmIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function VideosRoute() {
  return (
    <>
      <PageHeader
        title="Videos"
        description="Every video you uploaded or that was shared with you."
        actions={
          <Button asChild>
            <Link to="/videos/new">
              <PlusIcon aria-hidden />
              Add New Video
            </Link>
          </Button>
        }
      />
      <EmptyState
        icon={FilmIcon}
        title="Your video library will appear here"
        description="A searchable grid of your videos and the ones shared with you, each opening its AI analysis."
      />
    </>
  );
}
