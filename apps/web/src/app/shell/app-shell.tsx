import type { User } from '@filmroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { useLogout } from '@/features/auth/api/logout';
import { EmailConfirmationBanner } from '@/features/auth/components/email-confirmation-banner';
import { CoachInvitationsBanner } from '@/features/coach/components/coach-invitations-banner';
import { getMailOutboxQueryOptions } from '@/features/mail/api/get-mail-outbox';
import { applyTagEventChange } from '@/features/tagging/api/tag-event-live';
import { VideoEventsListener } from '@/features/videos/components/video-events-listener';
import { cn } from '@/lib/utils';
import { AppSidebar } from './app-sidebar';
import { PageBoundary } from './page-boundary';
import { TopBar } from './top-bar';

/** What other features hear on the event stream; one object, so the stream opens once. */
const FEATURE_EVENT_HANDLERS = { 'tag-event': applyTagEventChange };

/** The frame around every signed-in page: side panel or drawer, top bar, and the page. */
export function AppShell({ user }: { user: User }) {
  const logout = useLogout();
  const { pathname } = useLocation();
  const onLogout = () => logout.mutate();
  // Where an unconfirmed address's link went: its inbox, or the log of a server with no relay.
  const mail = useQuery({ ...getMailOutboxQueryOptions(), enabled: !user.emailConfirmed });

  return (
    <SidebarProvider>
      {/* One event stream for the signed-in app; it closes when logout unmounts the shell. */}
      <VideoEventsListener handlers={FEATURE_EVENT_HANDLERS} />
      <a
        href="#main-content"
        className="fixed top-2 left-2 z-[200] -translate-y-20 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lg transition-transform focus:translate-y-0 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        Skip to content
      </a>
      <AppSidebar user={user} onLogout={onLogout} loggingOut={logout.isPending} />
      <SidebarInset>
        <TopBar user={user} onLogout={onLogout} loggingOut={logout.isPending} />
        <main
          id="main-content"
          tabIndex={-1}
          className={cn(
            'mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-6 outline-none sm:px-6 md:py-8 lg:px-10',
            // A page that marks itself wide (the video page, for its player) takes the width.
            'has-[[data-wide-page]]:max-w-[120rem]',
          )}
        >
          {/* What waits on the person (their address, a coach's question) shows on every page. */}
          <EmailConfirmationBanner user={user} mailKept={mail.data?.delivery === 'outbox'} />
          <CoachInvitationsBanner emailConfirmed={user.emailConfirmed} />
          <PageBoundary key={pathname}>
            <Outlet />
          </PageBoundary>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
