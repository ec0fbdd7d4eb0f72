import type { User } from '@filmroom/contract';
import { useState } from 'react';
import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

type UserSummaryProps = {
  user: User;
  className?: string;
  /** Classes for the name/e-mail text block (hidden when the side panel is collapsed). */
  textClassName?: string;
};

/** Who is signed in: avatar, name and e-mail. Names are user input, rendered as plain text. */
export function UserSummary({ user, className, textClassName }: UserSummaryProps) {
  // A photo that fails to load (deleted meanwhile, network) falls back to the initials.
  const [brokenAvatar, setBrokenAvatar] = useState<string | null>(null);
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      {user.avatarUrl && user.avatarUrl !== brokenAvatar ? (
        <img
          src={user.avatarUrl}
          alt=""
          onError={() => setBrokenAvatar(user.avatarUrl)}
          className="size-8 shrink-0 rounded-full object-cover ring-2 ring-signal/60"
        />
      ) : (
        <span
          aria-hidden
          className="grid size-8 shrink-0 place-items-center rounded-full bg-signal text-xs font-bold text-signal-foreground"
        >
          {initialsOf(user.name)}
        </span>
      )}
      <div className={cn('grid min-w-0 flex-1 leading-tight', textClassName)}>
        <span className="truncate text-sm font-semibold">{user.name}</span>
        <span className="truncate text-xs opacity-75">{user.username}</span>
      </div>
    </div>
  );
}
