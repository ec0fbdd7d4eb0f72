import type { User } from '@filmroom/contract';
import { ShirtIcon } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function SettingsRoute({ user }: { user: User }) {
  const nameId = useId();
  const emailId = useId();
  return (
    <>
      <PageHeader title="Settings" description="Your profile and how FilmRoom recognises you." />
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>The name and e-mail on your account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Name</Label>
            <Input id={nameId} value={user.name} readOnly />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} type="email" value={user.username} readOnly />
          </div>
        </CardContent>
      </Card>
      <EmptyState
        icon={ShirtIcon}
        title="Profile editing will appear here"
        description="Changing your name and player number, choosing your jersey colours, and adding photos that help identify you in videos."
      />
    </>
  );
}
