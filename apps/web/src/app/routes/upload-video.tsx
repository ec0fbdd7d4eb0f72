import { UploadIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export function UploadVideoRoute() {
  return (
    <>
      <PageHeader title="Upload Video" description="Add a game or training video for analysis." />
      <EmptyState
        icon={UploadIcon}
        title="The upload form will appear here"
        description="You will give the video a title and an optional description, choose the file, and follow its progress while it uploads."
      />
    </>
  );
}
