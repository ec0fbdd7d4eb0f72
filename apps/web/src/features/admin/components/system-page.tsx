import type { SettingsCheck, SettingsTestResult } from '@filmroom/contract';
import { CheckCircle2Icon, PlayIcon, XCircleIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSettingsCheck } from '../api/pages';
import { useTestSettingsPart } from '../api/test-settings-part';
import { formatDuration } from '../lib/format';
import { Loaded } from '@/components/layout/loaded';

/** Which parts are configured, a real test for each, and the version and uptime. */
export function SystemPage() {
  const check = useSettingsCheck();
  return (
    <section aria-label="Settings check" className="grid gap-4">
      <Loaded query={check} what="Settings check">
        {(overview) => (
          <>
            <dl className="grid gap-3 rounded-lg border bg-card px-4 py-3 text-sm sm:grid-cols-4">
              <About term="Version" value={overview.version} />
              <About term="Uptime" value={formatDuration(overview.uptimeSeconds)} />
              <About term="Started" value={new Date(overview.startedAt).toLocaleString()} />
              <About term="Node.js" value={`${overview.nodeVersion} · role ${overview.role}`} />
            </dl>
            <ul aria-label="Parts" className="grid gap-2">
              {overview.parts.map((part) => (
                <PartRow key={part.part} part={part} />
              ))}
            </ul>
          </>
        )}
      </Loaded>
    </section>
  );
}

function About({ term, value }: { term: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium wrap-anywhere">{value}</dd>
    </div>
  );
}

function PartRow({ part }: { part: SettingsCheck['parts'][number] }) {
  const test = useTestSettingsPart(part.part);
  return (
    <li
      aria-label={part.label}
      className="grid gap-2 rounded-lg border bg-card px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{part.label}</span>
          <Badge variant={part.configured ? 'default' : 'secondary'}>
            {part.configured ? 'Configured' : 'Default'}
          </Badge>
        </div>
        <span className="text-sm text-muted-foreground wrap-anywhere">{part.summary}</span>
        <div role="status" aria-live="polite" className="text-sm">
          {test.data ? <Outcome result={test.data} /> : null}
          {test.isError ? <span className="text-destructive">{test.error.message}</span> : null}
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={() => test.mutate()} disabled={test.isPending}>
        {test.isPending ? <Spinner /> : <PlayIcon aria-hidden />}
        {test.isPending ? 'Testing…' : `Test ${part.label}`}
      </Button>
    </li>
  );
}

function Outcome({ result }: { result: SettingsTestResult }) {
  const Icon = result.ok ? CheckCircle2Icon : XCircleIcon;
  return (
    <span className={`flex items-start gap-1.5 ${result.ok ? 'text-primary' : 'text-destructive'}`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="wrap-anywhere">
        {result.ok ? 'Passed' : 'Failed'}: {result.message} ({result.milliseconds} ms)
      </span>
    </span>
  );
}
