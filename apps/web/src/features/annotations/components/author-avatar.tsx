import type { AnnotationUser } from '@filmroom/contract';
import { useState } from 'react';
import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

/** Who wrote a note or reply: their photo, else their initials. Decorative; the name is beside it. */
export function AuthorAvatar({ user, className }: { user: AnnotationUser; className?: string }) {
  // A photo that fails to load (deleted meanwhile) falls back to the initials.
  const [broken, setBroken] = useState<string | null>(null);
  if (user.avatarUrl && user.avatarUrl !== broken) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        onError={() => setBroken(user.avatarUrl)}
        className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-8 shrink-0 place-items-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground',
        className,
      )}
    >
      {initialsOf(user.name)}
    </span>
  );
}
