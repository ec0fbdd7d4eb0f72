import type { User } from '@filmroom/contract';
import {
  ChartColumnIcon,
  ClapperboardIcon,
  LayoutDashboardIcon,
  ListVideoIcon,
  ServerCogIcon,
  SettingsIcon,
  ShieldIcon,
  UsersRoundIcon,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { matchPath } from 'react-router';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Route patterns that count as being in this section (for highlighting). */
  sections: string[];
  coachOnly?: boolean;
  adminOnly?: boolean;
};

/**
 * Spec §2: Dashboard, Videos, Playlists, Athletes (coaches only), Settings; Logout sits apart.
 * Teams (issue 18) sits beside Athletes, for everyone: coaches manage, athletes see theirs.
 */
const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboardIcon, sections: ['/', '/dashboard'] },
  { label: 'Videos', to: '/videos', icon: ClapperboardIcon, sections: ['/videos/*'] },
  { label: 'Playlists', to: '/playlists', icon: ListVideoIcon, sections: ['/playlists/*'] },
  {
    label: 'Athletes',
    to: '/athletes',
    icon: UsersRoundIcon,
    sections: ['/athletes'],
    coachOnly: true,
  },
  { label: 'Teams', to: '/teams', icon: ShieldIcon, sections: ['/teams'] },
  // Issue 31: the tagged games of a season counted together; coaches tag, so coaches count.
  {
    label: 'Season stats',
    to: '/season',
    icon: ChartColumnIcon,
    sections: ['/season'],
    coachOnly: true,
  },
  { label: 'Settings', to: '/settings', icon: SettingsIcon, sections: ['/settings'] },
  // Beyond the spec (issue 18): whoever runs the server.
  { label: 'Admin', to: '/admin', icon: ServerCogIcon, sections: ['/admin/*'], adminOnly: true },
];

export function navItemsFor(user: User): NavItem[] {
  return NAV_ITEMS.filter(
    (item) => (!item.coachOnly || user.isCoach) && (!item.adminOnly || user.isAdmin),
  );
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.sections.some((pattern) => matchPath(pattern, pathname) !== null);
}

// Pages reached from within a section rather than from the menu, named in the top bar all the same.
const PAGES_OFF_MENU: { pattern: string; label: string }[] = [
  { pattern: '/compare', label: 'Compare' },
  { pattern: '/notifications', label: 'Notifications' },
];

/** The top bar's name for where the user is: the menu's section, or a page reached from one. */
export function sectionLabel(user: User, pathname: string): string {
  const section = navItemsFor(user).find((item) => isNavItemActive(item, pathname));
  if (section) return section.label;
  const page = PAGES_OFF_MENU.find(({ pattern }) => matchPath(pattern, pathname) !== null);
  return page?.label ?? 'FilmRoom';
}
