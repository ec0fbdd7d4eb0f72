import type { User } from '@filmroom/contract';
import { PageHeader } from '@/components/layout/page-header';
import { CoachesCard } from '@/features/coach/components/coaches-card';
import { MailOutboxCard } from '@/features/mail/components/mail-outbox-card';
import { NotificationEmailCard } from '@/features/notifications/components/notification-email-card';
import { JerseyColorsAndPhotosCard } from '@/features/profile/components/jersey-colors-and-photos-card';
import { ProfileCard } from '@/features/profile/components/profile-card';

/**
 * Spec §2 Settings: Profile, Jersey Colors & Photos, and (beyond the spec) Coaches, Notification
 * emails and the Mail outbox.
 */
export function SettingsRoute({ user }: { user: User }) {
  return (
    <>
      <PageHeader title="Settings" description="Your profile and how FilmRoom recognises you." />
      {/* Keyed by account: a different person signing in on this device starts fresh forms. */}
      <ProfileCard key={`profile-${user.id}`} user={user} />
      <JerseyColorsAndPhotosCard key={`colors-${user.id}`} user={user} />
      <CoachesCard emailConfirmed={user.emailConfirmed} />
      <NotificationEmailCard />
      <MailOutboxCard />
    </>
  );
}
