import type { AdminJob } from '@filmroom/contract';
import { ListChecksIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/hooks/use-now';
import { formatRelativeTime } from '@/lib/relative-time';
import { useAdminJobs, useJobAction } from '../api/jobs';
import { formatDuration } from '../lib/format';
import { Loaded } from '@/components/layout/loaded';

/** The job queue: running now (and for how long), queued, failed; retry and cancel. */
export function JobsPage() {
  const jobs = useAdminJobs();
  return (
    <section aria-label="Jobs" className="grid gap-6">
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void jobs.refetch()}
          disabled={jobs.isFetching}
        >
          {jobs.isFetching ? <Spinner /> : <RotateCcwIcon aria-hidden />}
          Refresh
        </Button>
      </div>
      <Loaded query={jobs} what="Jobs">
        {(list) => (
          <>
            <JobGroup
              title={`Running (${list.counts.running})`}
              jobs={list.running}
              empty="Nothing is running."
            />
            <JobGroup
              title={`Queued (${list.counts.queued})`}
              jobs={list.queued}
              empty="Nothing is waiting."
            />
            <JobGroup
              title={`Failed (${list.counts.failed})`}
              jobs={list.failed}
              empty="No job has failed."
            />
          </>
        )}
      </Loaded>
    </section>
  );
}

function JobGroup({ title, jobs, empty }: { title: string; jobs: AdminJob[]; empty: string }) {
  const titleId = useId();
  const now = useNow();
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {jobs.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
          <ListChecksIcon className="size-4 shrink-0" aria-hidden />
          {empty}
        </p>
      ) : (
        <ul className="grid gap-2">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobRow({ job, now }: { job: AdminJob; now: Date }) {
  const retry = useJobAction('retry', job.id);
  const cancel = useJobAction('cancel', job.id);
  return (
    <li
      aria-label={`${job.name} ${job.videoTitle ?? job.id}`}
      className="grid gap-2 rounded-lg border bg-card px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{job.name}</Badge>
          <span className="font-medium wrap-anywhere">{job.videoTitle ?? 'No video'}</span>
        </div>
        <span className="text-xs text-muted-foreground wrap-anywhere">
          {job.ownerEmail ? `${job.ownerEmail} · ` : ''}attempt {job.attempt} of {job.attempts}
          {' · '}
          {job.state === 'active' && job.runningSeconds !== null
            ? `running for ${formatDuration(job.runningSeconds)}`
            : job.state === 'failed' && job.completedAt
              ? `failed ${formatRelativeTime(job.completedAt, now)}`
              : `queued ${formatRelativeTime(job.createdAt, now)}`}
        </span>
        {job.error ? (
          <span className="text-xs text-destructive wrap-anywhere">{job.error}</span>
        ) : null}
      </div>
      <div className="flex gap-2">
        {job.state === 'failed' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
          >
            {retry.isPending ? <Spinner /> : <RotateCcwIcon aria-hidden />}
            Retry
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? <Spinner /> : <XIcon aria-hidden />}
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}
