import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

const ADMIN_PAGES = [
  { path: 'users', label: 'Users' },
  { path: 'storage', label: 'Storage' },
  { path: 'jobs', label: 'Jobs' },
  { path: 'mail', label: 'Mail' },
  { path: 'system', label: 'Settings check' },
  { path: 'audit', label: 'Audit log' },
] as const;

/** The Admin area's own pages, as links (each is an address of its own). */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {ADMIN_PAGES.map((page) => (
          <li key={page.path}>
            <NavLink
              to={`/admin/${page.path}`}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex h-10 items-center border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
                  isActive && 'border-primary text-foreground',
                )
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
