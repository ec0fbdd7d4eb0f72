import { UsersRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

/** Registered only for coaches (spec §2); everyone else reaches the 404 page here. */
export function AthletesRoute() {
  return (
    <>
      <PageHeader title="Athletes" description="The athletes you coach." />
      <EmptyState
        icon={UsersRoundIcon}
        title="Your athletes will appear here"
        description="Add athletes by e-mail, then search, edit and remove them from your list."
      />
    </>
  );
}
