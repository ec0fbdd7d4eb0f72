import type { AnnotationUser } from '@filmroom/contract';
import { PersonAvatar } from '@/components/person-avatar';

/** Who wrote a note or reply: their photo, else their initials. Decorative; the name is beside it. */
export function AuthorAvatar({ user, className }: { user: AnnotationUser; className?: string }) {
  return <PersonAvatar person={user} className={className} />;
}
