import type { User } from '@filmroom/contract';
import { LogOutIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { isNavItemActive, navItemsFor } from './nav-items';
import { UserSummary } from './user-summary';

type AppSidebarProps = {
  user: User;
  onLogout: () => void;
  loggingOut: boolean;
};

/** The side panel from 768 px (and the Ctrl+B side sheet below it). */
export function AppSidebar({ user, onLogout, loggingOut }: AppSidebarProps) {
  const { pathname } = useLocation();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const collapsed = state === 'collapsed' && !isMobile;

  return (
    <Sidebar>
      <SidebarHeader className="h-16 justify-center px-3 group-data-[collapsible=icon]:px-2">
        <Logo surface="dark" compact={collapsed} className="text-sidebar-foreground" />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroup>
            <SidebarGroupLabel>Menu</SidebarGroupLabel>
            <SidebarMenu>
              {navItemsFor(user).map((item) => {
                const active = isNavItemActive(item, pathname);
                return (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
                      <Link
                        to={item.to}
                        aria-current={active ? 'page' : undefined}
                        onClick={() => setOpenMobile(false)}
                      >
                        <item.icon aria-hidden />
                        <span>{item.label}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <UserSummary
          user={user}
          className="px-1 py-1.5 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:px-0"
          textClassName="group-data-[collapsible=icon]:hidden"
        />
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Logout" onClick={onLogout} disabled={loggingOut}>
              {loggingOut ? <Spinner /> : <LogOutIcon aria-hidden />}
              <span>Logout</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
