import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { useRoster } from '@/features/coach/api/get-roster';
import { AddStudentDialog } from '@/features/coach/components/add-student-dialog';
import { StudentGrid } from '@/features/coach/components/student-grid';
import { searchStudents } from '@/features/coach/lib/roster';

/** Spec §2 Athletes. Registered only for coaches; everyone else reaches the 404 page here. */
export function AthletesRoute() {
  const roster = useRoster();
  const [search, setSearch] = useState('');
  const matching = roster.data ? searchStudents(roster.data, search) : undefined;

  return (
    <>
      <PageHeader
        title="Athletes"
        description="The athletes you coach. New athletes get an email invitation to join."
        actions={<AddStudentDialog />}
      />
      <div className="grid gap-4">
        <SearchInput
          label="Search students"
          placeholder="Search students..."
          value={search}
          onChange={setSearch}
        />
        <StudentGrid
          students={matching}
          searching={search.trim() !== ''}
          error={roster.error}
          onRetry={() => void roster.refetch()}
          retrying={roster.isFetching}
        />
      </div>
    </>
  );
}
