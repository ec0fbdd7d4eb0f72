import type { User } from '@filmroom/contract';
import { useLocation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { sectionLabel } from './nav-items';

type TopBarProps = {
  user: User;
  onLogout: () => void;
  loggingOut: boolean;
};

/**
 * Above the page: on phones the brand and the menu button (spec §2); from 768 px the side
 * panel's toggle and the name of the current section. The notification bell sits at the right.
 */
export function TopBar({ user, onLogout, loggingOut }: TopBarProps) {
  const { pathname } = useLocation();

  return (
    // Nearly opaque: the black video player scrolls under it, and through a thinner veil the
    // brand's green would fall below readable contrast.
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur-md supports-[backdrop-filter]:bg-background/90 md:h-16 md:px-4">
      <div className="flex flex-1 items-center md:hidden">
        <Logo className="pl-1" />
      </div>
      <div className="hidden flex-1 items-center gap-2 md:flex">
        <SidebarTrigger />
        <Separator orientation="vertical" className="mx-1 h-5!" />
        <span className="text-sm font-medium text-muted-foreground">
          {sectionLabel(user, pathname)}
        </span>
      </div>
      {/* One bell for every width, before the phone's menu button. */}
      <NotificationBell />
      <div className="md:hidden">
        <MobileNavDrawer user={user} onLogout={onLogout} loggingOut={loggingOut} />
      </div>
    </header>
  );
}
