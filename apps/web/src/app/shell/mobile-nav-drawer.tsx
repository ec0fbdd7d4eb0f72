import type { User } from '@filmroom/contract';
import { LogOutIcon, MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from '@/components/ui/drawer';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { isNavItemActive, navItemsFor } from './nav-items';
import { UserSummary } from './user-summary';

type MobileNavDrawerProps = {
  user: User;
  onLogout: () => void;
  loggingOut: boolean;
};

/** Spec §2: below 768 px the menu is a drawer that slides up, titled Navigation. */
export function MobileNavDrawer({ user, onLogout, loggingOut }: MobileNavDrawerProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <MenuIcon className="size-5" aria-hidden />
        </Button>
      </DrawerTrigger>
      <DrawerContent>
        <DrawerHeader>
          <DrawerTitle>Navigation</DrawerTitle>
          <DrawerDescription className="sr-only">Go to a page, or log out.</DrawerDescription>
        </DrawerHeader>
        <nav aria-label="Main" className="px-3">
          <ul className="grid gap-1">
            {navItemsFor(user).map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    // Choosing a page is the end of the errand: close the drawer.
                    onClick={() => setOpen(false)}
                    className={cn(
                      'flex h-12 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40',
                      active && 'bg-secondary font-semibold text-secondary-foreground',
                    )}
                  >
                    <item.icon
                      aria-hidden
                      className={cn('size-5', active ? 'text-primary' : 'text-muted-foreground')}
                    />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <DrawerFooter className="mt-2 border-t">
          <UserSummary user={user} className="pb-2" />
          <Button variant="outline" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? <Spinner /> : <LogOutIcon aria-hidden />}
            Logout
          </Button>
          <DrawerClose asChild>
            <Button variant="ghost">Close</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}
