import { ClapperboardIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your latest film and your team at a glance."
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
        icon={ClapperboardIcon}
        title="Your dashboard will appear here"
        description="Total Videos, Active Athletes and Training Hours, and your Recent Videos with search, will show here once video upload is in place."
      />
    </>
  );
}
