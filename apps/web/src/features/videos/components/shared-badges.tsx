import type { Video } from '@filmroom/contract';
import { UsersIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { sharerName } from '../lib/video-library';

/**
 * Spec §2: a video someone shared with the viewer shows Shared, who shared it, and Edit Access
 * or View Access. Nothing for the viewer's own videos.
 */
export function SharedBadges({
  video,
  className,
}: {
  video: Pick<Video, 'isShared' | 'accessLevel' | 'sharedBy'>;
  className?: string;
}) {
  if (!video.isShared) return null;
  const sharer = sharerName(video);
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5 text-xs', className)}>
      <Badge variant="signal">
        <UsersIcon aria-hidden />
        Shared
      </Badge>
      {sharer ? <span className="min-w-0 truncate text-muted-foreground">by {sharer}</span> : null}
      <Badge variant="outline">
        {video.accessLevel === 'edit' ? 'Edit Access' : 'View Access'}
      </Badge>
    </div>
  );
}
