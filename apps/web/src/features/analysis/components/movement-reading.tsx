import {
  formatMoment,
  type Analysis,
  type AthleteReading,
  type MetricRecord,
  type RegenerateBody,
} from '@filmroom/contract';
import { AUTO_DETECT, type MovementChoice, type MovementId } from '@filmroom/contract/values';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleHelpIcon,
  EyeOffIcon,
  PlayIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { MovementSelect } from '@/components/movement/movement-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useIsRegenerating, useRegenerateAnalysis } from '../api/regenerate-analysis';
import {
  AS_THE_FILE_SAYS,
  cameraViewLine,
  candidatesSentence,
  metricMark,
  movementLine,
  movementQuestion,
  type MovementCandidate,
  slowMotionBody,
  slowMotionChoice,
  slowMotionChoices,
  timingLine,
} from '../lib/movement-reading';
import { useSettledChoice } from './use-settled-choice';

type MovementReadingProps = {
  videoId: string;
  analysis: Analysis;
  /** Edit access: the movement and slow-motion pickers are offered (they regenerate). */
  editable: boolean;
  /** Seeks the player to a key moment. */
  onSeek: (seconds: number) => void;
};

/** A movement choice applied by regenerating: the pickers and "Which movement is this?". */
type Regenerate = (body: RegenerateBody) => void;

/**
 * Beyond the spec, above the Technical Analysis card: each athlete's movement (recognised with
 * a confidence, or chosen by the coach), the camera angle, the key moments, the measured numbers
 * against their targets and what this angle cannot measure. Editors choose the movement and
 * the slow-motion factor here; each choice regenerates the analysis. A detected movement asks
 * "Is this right?"; a reading too unsure for a rubric asks "Which movement is this?" with the
 * two most likely. With no readings yet and nothing to choose it says nothing.
 */
export function MovementReading({ videoId, analysis, editable, onSeek }: MovementReadingProps) {
  const athletes = analysis.athletes ?? [];
  const slowMotion = (analysis.timing?.slowMotionFactor ?? 1) !== 1;
  const busy = useIsRegenerating(videoId);
  const titleId = useId();
  const pickerId = useId();
  const regeneration = useRegenerateAnalysis(videoId);
  // A control is disabled (or, for a candidate, gone) while its choice is applied, which takes
  // the keyboard's focus away: it goes back afterwards, to the movement picker if it is gone.
  const refocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy || !refocus.current) return;
    if (document.activeElement === document.body) {
      const target = refocus.current.isConnected
        ? refocus.current
        : document.getElementById(pickerId);
      target?.focus();
    }
    refocus.current = null;
  }, [busy, pickerId]);
  const regenerate: Regenerate = (body) => {
    refocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    regeneration.mutate(body);
  };
  if (!editable && athletes.length === 0 && !slowMotion) return null;
  return (
    <section aria-labelledby={titleId} aria-busy={busy}>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle id={titleId}>Movement</CardTitle>
          {athletes.length > 0 ? (
            <CardDescription>
              What {athletes.length > 1 ? 'each athlete was' : 'the athlete was'} doing, the key
              moments and the numbers measured
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-5 @container">
          {editable ? (
            <CoachSettings
              analysis={analysis}
              pickerId={pickerId}
              busy={busy}
              pending={regeneration.isPending ? regeneration.variables : undefined}
              regenerate={regenerate}
            />
          ) : slowMotion ? (
            <p className="text-sm text-muted-foreground">{timingLine(analysis.timing)}</p>
          ) : null}
          {athletes.length > 0 ? (
            <div
              className={cn(
                'grid gap-5 transition-opacity',
                editable && 'border-t pt-4',
                busy && 'opacity-60',
              )}
            >
              {athletes.map((reading) => (
                <AthleteReadingView
                  key={reading.index}
                  reading={reading}
                  named={athletes.length > 1}
                  onSeek={onSeek}
                  choice={
                    editable
                      ? { pickerId, busy, choose: (movement) => regenerate({ movement }) }
                      : null
                  }
                />
              ))}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

/** The editor's pickers: each change regenerates the analysis with the new setting. */
function CoachSettings({
  analysis,
  pickerId,
  busy,
  pending,
  regenerate,
}: {
  analysis: Analysis;
  pickerId: string;
  busy: boolean;
  /** The choice being applied: the picker shows it; a failure falls back to the server's. */
  pending: RegenerateBody | undefined;
  regenerate: Regenerate;
}) {
  const ids = { slowMotion: useId(), timing: useId() };
  const movement = useSettledChoice(analysis.movement ?? AUTO_DETECT, (choice) =>
    regenerate({ movement: choice as MovementChoice }),
  );
  const slowMotion = useSettledChoice(slowMotionChoice(analysis.timing), (choice) =>
    regenerate(slowMotionBody(choice)),
  );
  const slowMotionPending =
    pending?.slowMotionFactor === undefined
      ? undefined
      : pending.slowMotionFactor === null
        ? AS_THE_FILE_SAYS
        : String(pending.slowMotionFactor);
  return (
    <div className="grid gap-3">
      <div className="grid gap-4 @md:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={pickerId}>Movement to coach</Label>
          <MovementSelect
            id={pickerId}
            value={pending?.movement ?? (movement.value as MovementChoice)}
            disabled={busy}
            onValueChange={movement.onValueChange}
            onKeyDown={movement.onKeyDown}
            onBlur={movement.onBlur}
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.slowMotion}>Filmed in slow motion</Label>
          <NativeSelect
            id={ids.slowMotion}
            value={slowMotionPending ?? slowMotion.value}
            disabled={busy}
            aria-describedby={ids.timing}
            onChange={(event) => slowMotion.onValueChange(event.target.value)}
            onKeyDown={slowMotion.onKeyDown}
            onBlur={slowMotion.onBlur}
          >
            {slowMotionChoices(analysis.timing).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
          <p id={ids.timing} className="text-xs text-muted-foreground">
            {timingLine(analysis.timing)}
          </p>
        </div>
      </div>
      {/* Always in the page, so screen readers hear the change of text. */}
      <p
        role="status"
        aria-live="polite"
        className={cn(
          'flex min-h-5 items-center gap-2 text-sm text-muted-foreground',
          !busy && 'sr-only',
        )}
      >
        {busy ? (
          <>
            <Spinner />
            Regenerating...
          </>
        ) : null}
      </p>
    </div>
  );
}

/** What an editor can do about a reading's movement: correct it or answer the question. */
type MovementChoiceControls = {
  /** The movement picker, where "Is this right?" and "Another movement" take the focus. */
  pickerId: string;
  busy: boolean;
  choose: (movement: MovementId) => void;
};

function AthleteReadingView({
  reading,
  named,
  onSeek,
  choice,
}: {
  reading: AthleteReading;
  /** Several athletes: each reading says whose it is. */
  named: boolean;
  onSeek: (seconds: number) => void;
  /** Null for those who may only read it. */
  choice: MovementChoiceControls | null;
}) {
  const headingId = useId();
  const candidates = movementQuestion(reading);
  const askIfRight =
    choice !== null && reading.movementSource === 'detected' && candidates.length === 0;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-0.5">
        {named ? (
          <h3 id={headingId} className="text-sm font-semibold text-primary">
            {reading.name}
          </h3>
        ) : null}
        <p id={named ? undefined : headingId} className="font-semibold">
          {movementLine(reading, choice !== null)}
          {askIfRight ? (
            <>
              {' — '}
              <button
                type="button"
                onClick={() => document.getElementById(choice.pickerId)?.focus()}
                className="font-normal text-primary underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                Is this right?
              </button>
            </>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">{cameraViewLine(reading.view)}</p>
      </div>
      {candidates.length > 0 ? <MovementQuestion candidates={candidates} choice={choice} /> : null}
      {reading.events.length > 0 ? (
        <div className="grid gap-1.5">
          <p id={`${headingId}-moments`} className="text-xs font-medium text-muted-foreground">
            Key moments
          </p>
          <ul aria-labelledby={`${headingId}-moments`} className="flex flex-wrap gap-1.5">
            {reading.events.map((event) => {
              const time = formatMoment(event.t);
              return (
                <li key={`${event.name}-${event.t}`}>
                  <button
                    type="button"
                    onClick={() => onSeek(event.t)}
                    title={`Jump to ${time}`}
                    className="group inline-flex h-8 items-center gap-1.5 rounded-full border bg-card pr-1 pl-3 text-xs font-medium transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {event.label}
                    <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 font-mono text-secondary-foreground tabular-nums group-hover:bg-primary group-hover:text-primary-foreground">
                      <PlayIcon className="size-3" aria-hidden />
                      {time}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {reading.metrics.length > 0 ? (
        <MetricTable metrics={reading.metrics} caption={`Measured: ${reading.name}`} />
      ) : null}
      {reading.withheld.length > 0 ? (
        <div className="grid gap-1 rounded-lg bg-muted/60 px-3 py-2.5 text-sm text-muted-foreground">
          <p className="flex items-center gap-1.5 font-medium text-foreground">
            <EyeOffIcon className="size-4 shrink-0" aria-hidden />
            Not measured from this angle:
          </p>
          <ul className="grid list-disc gap-0.5 pl-9">
            {reading.withheld.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * "Which movement is this?" under a reading too unsure for a rubric: the two most likely as
 * buttons that regenerate with that movement, and the full picker above for anything else.
 * Those who may only read it see the question and the two most likely, without controls.
 */
function MovementQuestion({
  candidates,
  choice,
}: {
  candidates: MovementCandidate[];
  choice: MovementChoiceControls | null;
}) {
  const questionId = useId();
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="grid gap-2 rounded-lg border border-dashed px-3 py-2.5"
    >
      <p id={questionId} className="flex items-center gap-1.5 text-sm font-medium">
        <CircleHelpIcon className="size-4 shrink-0 text-primary" aria-hidden />
        Which movement is this?
      </p>
      {choice ? (
        <div className="flex flex-wrap gap-2">
          {candidates.map((candidate) => (
            <Button
              key={candidate.movement}
              type="button"
              variant="outline"
              size="sm"
              disabled={choice.busy}
              onClick={() => choice.choose(candidate.movement)}
            >
              {candidate.label}
              <span className="text-muted-foreground tabular-nums">{candidate.percent}</span>
            </Button>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={choice.busy}
            onClick={() => document.getElementById(choice.pickerId)?.focus()}
          >
            Another movement…
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{candidatesSentence(candidates)}</p>
      )}
    </div>
  );
}

/** The athlete's metric records, as every text quotes them, with a mark for met or missed. */
function MetricTable({ metrics, caption }: { metrics: MetricRecord[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-2.5 py-2 font-medium">
              Measure
            </th>
            <th scope="col" className="px-2.5 py-2 font-medium">
              Value
            </th>
            <th scope="col" className="px-2.5 py-2 font-medium">
              Target
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {metrics.map((metric) => (
            <tr key={metric.id}>
              <th
                scope="row"
                className="min-w-24 px-2.5 py-2 text-left font-normal [overflow-wrap:break-word]"
              >
                {breakable(metric.name)}
              </th>
              <td className="min-w-20 px-2.5 py-2">
                <MetricValue metric={metric} />
              </td>
              <td className="min-w-20 px-2.5 py-2 text-muted-foreground">{metric.target ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Backswing:downswing tempo" may break after its colon rather than mid-word on a phone. */
function breakable(text: string): ReactNode[] {
  return text
    .split(/(?<=[:/])/)
    .flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
}

function MetricValue({ metric }: { metric: MetricRecord }) {
  const mark = metricMark(metric.status);
  const Icon = metric.status === 'fault' ? CircleAlertIcon : CircleCheckIcon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 font-medium tabular-nums',
        metric.status === 'fault' && 'text-destructive',
      )}
    >
      {metric.text}
      {mark ? (
        <>
          <Icon
            aria-hidden
            className={cn(
              'size-4 shrink-0',
              metric.status === 'ok' && 'text-emerald-600 dark:text-emerald-400',
            )}
          />
          <span className="sr-only">{mark}</span>
        </>
      ) : null}
    </span>
  );
}
