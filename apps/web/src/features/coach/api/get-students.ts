import type { Student } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const STUDENTS_QUERY_KEY = ['/api/students'] as const;

function getStudentsQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Student[]>({
    queryKey: STUDENTS_QUERY_KEY,
  });
}

/** The coach's students; an athlete has none. The Dashboard counts them as Active Athletes. */
export function useStudents() {
  return useQuery(getStudentsQueryOptions());
}
