import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { UploadVideoForm } from '@/features/videos/components/upload-video-form';

export function UploadVideoRoute() {
  return (
    <>
      <PageHeader title="Upload Video" description="Add a game or training video for analysis." />
      <Card className="w-full max-w-2xl">
        <CardContent>
          <UploadVideoForm />
        </CardContent>
      </Card>
    </>
  );
}
