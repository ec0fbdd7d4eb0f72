import type { AdminUser } from '@filmroom/contract';
import {
  BanIcon,
  CheckCircle2Icon,
  KeyRoundIcon,
  ShieldMinusIcon,
  ShieldPlusIcon,
  Trash2Icon,
  UsersRoundIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNow } from '@/hooks/use-now';
import { formatRelativeTime } from '@/lib/relative-time';
import { useAdminUsers, useUserAction } from '../api/users';
import { formatStorage } from '../lib/format';
import { Loaded } from '@/components/layout/loaded';

const ROLE_LABELS: Record<AdminUser['role'], string> = {
  admin: 'Admin',
  coach: 'Coach',
  athlete: 'Athlete',
};

/** Accounts: search, role, last seen, storage; admin or not, disable, enable, password link, delete. */
export function UsersPage({ selfId }: { selfId: string }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const users = useAdminUsers(q);
  const now = useNow();
  return (
    <section aria-label="Users" className="grid gap-4">
      <SearchInput
        value={search}
        onChange={setSearch}
        label="Search users"
        placeholder="Search by name or email"
      />
      <Loaded query={users} what="Users">
        {({ users: list }) =>
          list.length === 0 ? (
            <EmptyState
              icon={UsersRoundIcon}
              title={q ? 'No matching users' : 'No users yet'}
              description={q ? `Nobody's name or email contains "${q}".` : 'Accounts show up here.'}
              titleAs="h3"
            />
          ) : (
            <ul aria-label="Accounts" className="grid gap-2">
              {list.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === selfId} now={now} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function UserRow({ user, self, now }: { user: AdminUser; self: boolean; now: Date }) {
  const disable = useUserAction(user.disabled ? 'enable' : 'disable', user.id);
  const link = useUserAction('password-link', user.id);
  return (
    <li
      aria-label={user.email}
      className="grid gap-3 rounded-lg border bg-card px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere">{user.name}</span>
          <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
            {ROLE_LABELS[user.role]}
          </Badge>
          {user.adminByConfig ? (
            <Badge variant="outline" title="Named in ADMIN_EMAILS: change it there">
              ADMIN_EMAILS
            </Badge>
          ) : null}
          {user.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
          {self ? <Badge variant="outline">You</Badge> : null}
        </div>
        <span className="text-sm text-muted-foreground wrap-anywhere">{user.email}</span>
        <span className="text-xs text-muted-foreground">
          Last seen{' '}
          {user.lastSeenAt ? (
            <time dateTime={user.lastSeenAt} title={new Date(user.lastSeenAt).toLocaleString()}>
              {formatRelativeTime(user.lastSeenAt, now)}
            </time>
          ) : (
            'never'
          )}
          {' · '}
          {user.videos} video{user.videos === 1 ? '' : 's'} · {formatStorage(user.storageBytes)}
        </span>
      </div>
      {self ? (
        user.adminByConfig ? null : (
          <div className="flex flex-wrap gap-2">
            <StepDownDialog user={user} />
          </div>
        )
      ) : (
        <div className="flex flex-wrap gap-2">
          <AdminToggle user={user} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => link.mutate(undefined)}
            disabled={link.isPending || user.disabled}
          >
            {link.isPending ? <Spinner /> : <KeyRoundIcon aria-hidden />}
            Send password link
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => disable.mutate(undefined)}
            disabled={disable.isPending}
          >
            {disable.isPending ? (
              <Spinner />
            ) : user.disabled ? (
              <CheckCircle2Icon aria-hidden />
            ) : (
              <BanIcon aria-hidden />
            )}
            {user.disabled ? 'Enable' : 'Disable'}
          </Button>
          <DeleteUserDialog user={user} />
        </div>
      )}
    </li>
  );
}

/**
 * Makes an account an administrator or takes it back. One ADMIN_EMAILS names stays one: the
 * server grants it again at every start, so only the setting can change it.
 */
function AdminToggle({ user }: { user: AdminUser }) {
  const isAdmin = user.role === 'admin';
  const toggle = useUserAction(isAdmin ? 'demote' : 'promote', user.id);
  if (user.adminByConfig || (!isAdmin && user.disabled)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => toggle.mutate(undefined)}
      disabled={toggle.isPending}
    >
      {toggle.isPending ? (
        <Spinner />
      ) : isAdmin ? (
        <ShieldMinusIcon aria-hidden />
      ) : (
        <ShieldPlusIcon aria-hidden />
      )}
      {isAdmin ? 'Remove admin' : 'Make admin'}
    </Button>
  );
}

/** The signed-in administrator gives up the Admin area; the server refuses for the last one. */
function StepDownDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // The Admin area is gone for them: land on the Dashboard, not on a page that no longer exists.
  const demote = useUserAction('demote', user.id, { onSuccess: () => void navigate('/') });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <ShieldMinusIcon aria-hidden />
          Step down as admin
        </Button>
      }
      title="Step down as administrator?"
      description="You lose the Admin area at once. Another administrator can make you one again."
      icon={<ShieldMinusIcon aria-hidden />}
      confirmLabel="Step down"
      pendingLabel="Stepping down…"
      pending={demote.isPending}
      onConfirm={() => demote.mutate(undefined)}
    />
  );
}

/** Deleting takes everything of the account's: the admin types its address to be sure. */
function DeleteUserDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const remove = useUserAction('delete', user.id, { onSuccess: () => setOpen(false) });
  const matches = typed.trim().toLowerCase() === user.email;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) setTyped('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive">
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete {user.name}?</DialogTitle>
          <DialogDescription>
            The account goes with all its data: {user.videos} video{user.videos === 1 ? '' : 's'}{' '}
            and their files, photos, notes, clips and playlists. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate(typed);
          }}
        >
          <Label htmlFor={inputId}>Type {user.email} to confirm</Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
              {remove.isPending ? 'Deleting…' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
