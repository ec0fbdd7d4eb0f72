import { useState } from 'react';
import { initialsOf } from '@/lib/initials';
import { cn } from '@/lib/utils';

/**
 * A person's photo, else their initials. Decorative: their name is always beside it. A photo
 * that fails to load (deleted meanwhile, network) falls back to the initials.
 */
export function PersonAvatar({
  person,
  className,
}: {
  person: { name: string; avatarUrl: string | null };
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (person.avatarUrl && person.avatarUrl !== broken) {
    return (
      <img
        src={person.avatarUrl}
        alt=""
        onError={() => setBroken(person.avatarUrl)}
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
      {initialsOf(person.name)}
    </span>
  );
}
