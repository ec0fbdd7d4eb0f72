import type { CoachStudentLink } from '@filmroom/contract';
import { SearchXIcon, UsersRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StudentCard } from './student-card';

const GRID = 'grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

type StudentGridProps = {
  /** Undefined while the list loads. */
  students: CoachStudentLink[] | undefined;
  /** True when the coach has typed a search (decides which empty state fits). */
  searching: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
};

/** The coach's athletes with the loading, error and both empty states (spec §2). */
export function StudentGrid({ students, searching, error, onRetry, retrying }: StudentGridProps) {
  if (error && !students) {
    return (
      <ErrorState
        title="Students couldn't load"
        message={error.message}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (!students) {
    return (
      <div className={GRID} role="status" aria-label="Loading students">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-center gap-3 rounded-xl border bg-card p-5">
            <Skeleton className="size-11 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (students.length === 0) {
    return searching ? (
      <EmptyState
        icon={SearchXIcon}
        title="No students found matching your search"
        description="Try another part of their name or email."
      />
    ) : (
      <EmptyState
        icon={UsersRoundIcon}
        title="No students added yet"
        description="Use Add Student to put athletes on your list by email. Anyone new gets an invitation to join FilmRoom."
      />
    );
  }
  return (
    <ul className={GRID} aria-label="Students">
      {students.map((link) => (
        <li key={link.id} className="flex">
          <StudentCard link={link} />
        </li>
      ))}
    </ul>
  );
}
