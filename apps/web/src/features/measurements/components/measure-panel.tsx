import {
  aboveGroundSentence,
  formatMoment,
  isFootJoint,
  OFF_GROUND_NOTE,
  offGroundSentence,
  type MeasureJoint,
} from '@filmroom/contract';
import { DownloadIcon, CrosshairIcon, SaveIcon } from 'lucide-react';
import { useId } from 'react';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { sampleNear } from '@filmroom/contract';
import { ANGLE_PRESETS, PATH_JOINTS, type AnglePresetId } from '../lib/angle-presets';
import type { AthleteHeight } from '../lib/height-calibration';
import { offGroundStretches, readingsCsv } from '../lib/measure-readings';
import { TRACK_SAMPLE_TOLERANCE } from '../lib/track-point';
import { CalibrationSection } from './calibration-section';
import { MeasureChart } from './measure-chart';
import { StopwatchSection } from './stopwatch-section';
import type { MeasureSession } from './use-measure-session';

type MeasurePanelProps = {
  session: MeasureSession;
  editable: boolean;
  /** The scan's poses: loading, missing (no analysis yet), failed or here. */
  poses: { available: boolean; isPending: boolean; isError: boolean; refetch: () => void };
  duration: number | null;
  currentTime: number;
  onSeek: (seconds: number) => void;
  videoTitle: string;
  /** Profile heights the viewer may calibrate on (their own, their accepted athletes'). */
  athletes: readonly AthleteHeight[];
};

/** The bar's height through the set, from the lowest it went: what a coach reads as depth. */
function heightSamples(series: readonly { clipT: number; y: number }[]) {
  const lowest = Math.min(...series.map((sample) => sample.y));
  return series.map((sample) => [sample.clipT, sample.y - lowest] as const);
}

function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The Measure tab (issue 32): calibrate on something of known length, follow the bar, plot an
 * angle of the scan's joints over the clip, read the values at the playhead, save and export.
 */
export function MeasurePanel({
  session,
  editable,
  poses,
  duration,
  currentTime,
  onSeek,
  videoTitle,
  athletes,
}: MeasurePanelProps) {
  const id = useId();
  if (session.saved.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
        <Spinner /> Loading measurements…
      </div>
    );
  }
  if (session.saved.isError) {
    return (
      <ErrorState
        title="Measurements couldn't load"
        message={session.saved.error.message}
        onRetry={() => void session.saved.refetch()}
        retrying={session.saved.isFetching}
      />
    );
  }

  const { calibration, bar, angle } = session;
  const barNow = bar ? sampleNear(bar.series, currentTime, TRACK_SAMPLE_TOLERANCE) : null;
  const angleNow = angle ? sampleNear(angle.samples, currentTime, 0.25) : null;
  const extremes = angle && angle.samples.length > 0 ? angle.samples : null;
  const tracking = session.progress !== null;
  const offGround = bar ? offGroundStretches(bar.series) : [];
  // A joint path on a court rectangle other than the feet is above the ground throughout.
  const aboveGround =
    calibration?.kind === 'plane' && session.joint !== null && !isFootJoint(session.joint)
      ? (PATH_JOINTS.find((option) => option.joint === session.joint)?.label ?? null)
      : null;
  const { start: markStart, end: markEnd } = session.stopwatch;
  const stopwatch =
    markStart !== null && markEnd !== null
      ? {
          name: session.stopwatch.name,
          start: markStart,
          end: markEnd,
          slowMotionFactor: session.slowMotionFactor,
        }
      : null;
  const hasAnything =
    session.barTrack !== null ||
    session.anglePreset !== null ||
    session.joint !== null ||
    stopwatch !== null;

  return (
    <div className="grid gap-5 py-2" data-testid="measure-panel">
      <CalibrationSection session={session} editable={editable} athletes={athletes} />

      <section aria-labelledby={`${id}-bar`} className="grid gap-2">
        <h2 id={`${id}-bar`} className="text-sm font-semibold">
          2. Bar path
        </h2>
        {editable ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant={session.mode === 'picking' ? 'default' : 'outline'}
              size="sm"
              disabled={tracking}
              aria-pressed={session.mode === 'picking'}
              onClick={() => session.setMode(session.mode === 'picking' ? 'idle' : 'picking')}
            >
              <CrosshairIcon aria-hidden />
              {session.barTrack ? 'Track again' : 'Bar path'}
            </Button>
            <span className="text-xs text-muted-foreground">
              {session.mode === 'picking'
                ? 'Click the end of the bar on the picture.'
                : 'Follows a point you pick from this frame to the end of the range marked with I and O (10 s at most).'}
            </span>
          </div>
        ) : null}
        {tracking ? (
          <div className="flex items-center gap-2">
            <Progress
              aria-label="Tracking the bar"
              value={Math.round((session.progress ?? 0) * 100)}
              max={100}
            />
            <span className="w-10 text-right text-xs tabular-nums">
              {Math.round((session.progress ?? 0) * 100)}%
            </span>
            <Button variant="ghost" size="sm" onClick={session.cancelTracking}>
              Cancel
            </Button>
          </div>
        ) : null}
        {session.trackError ? (
          <p role="alert" className="text-xs text-destructive">
            The bar could not be followed: {session.trackError}
          </p>
        ) : null}
        {session.barTrack && !calibration ? (
          <p className="text-xs text-muted-foreground">Calibrate to read the bar’s speed in m/s.</p>
        ) : null}
        {bar?.peak ? (
          <>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div className="rounded-md border p-2">
                <dt className="text-xs text-muted-foreground">Peak bar speed</dt>
                <dd className="font-semibold tabular-nums" data-testid="peak-speed">
                  {bar.peak.speed.toFixed(bar.speedDecimals)} m/s
                </dd>
                <dd className="text-xs text-muted-foreground" data-testid="peak-when">
                  at {formatMoment(bar.peak.clipT)}
                  {bar.peak.offGround ? `, ${OFF_GROUND_NOTE}` : ''}
                </dd>
              </div>
              <div className="rounded-md border p-2">
                <dt className="text-xs text-muted-foreground">Bar speed now</dt>
                <dd className="font-semibold tabular-nums" data-testid="speed-now">
                  {barNow ? `${barNow.speed.toFixed(bar.speedDecimals)} m/s` : '—'}
                </dd>
                {/* Where the value holds, said only beside a value: not under the dash. */}
                {barNow ? (
                  <dd className="text-xs text-muted-foreground">
                    {barNow.offGround ? OFF_GROUND_NOTE : 'in the calibrated plane'}
                  </dd>
                ) : null}
              </div>
            </dl>
            {offGround.length > 0 ? (
              <p
                className="rounded-md border border-amber-500/60 bg-amber-500/10 p-2 text-xs"
                data-testid="off-ground"
              >
                {offGroundSentence(
                  offGround
                    .map(({ start, end }) =>
                      start === end
                        ? formatMoment(start)
                        : `${formatMoment(start)}–${formatMoment(end)}`,
                    )
                    .join(', '),
                  bar.peak.offGround === true,
                )}
              </p>
            ) : null}
            <MeasureChart
              title="Bar speed (m/s)"
              unit="m/s"
              samples={bar.series.map((sample) => [sample.clipT, sample.speed] as const)}
              decimals={bar.speedDecimals}
              duration={duration}
              currentTime={currentTime}
              onSeek={onSeek}
              testId="speed-chart"
            />
            <MeasureChart
              title={
                calibration?.kind === 'plane'
                  ? 'Along the court, corner 2 to 3, from the nearest point (m)'
                  : 'Bar height above its lowest point (m)'
              }
              unit="m"
              samples={heightSamples(bar.series)}
              decimals={bar.metreDecimals}
              duration={duration}
              currentTime={currentTime}
              onSeek={onSeek}
              testId="height-chart"
            />
            <MeasureChart
              title={
                calibration?.kind === 'plane'
                  ? 'Acceleration along the court, corner 2 to 3 (m/s²)'
                  : 'Bar vertical acceleration (m/s²)'
              }
              unit="m/s²"
              samples={bar.series.map((sample) => [sample.clipT, sample.ay] as const)}
              decimals={1}
              duration={duration}
              currentTime={currentTime}
              onSeek={onSeek}
              testId="acceleration-chart"
            />
          </>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-joints`} className="grid gap-2">
        <h2 id={`${id}-joints`} className="text-sm font-semibold">
          3. Joints from the scan
        </h2>
        {!poses.available ? (
          <p className="text-xs text-muted-foreground">
            Joint paths and angles come from the analysis scan, which this video does not have yet.
          </p>
        ) : poses.isError ? (
          <ErrorState title="The scan couldn't load" message="Try again." onRetry={poses.refetch} />
        ) : poses.isPending ? (
          <div role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
            <Spinner /> Loading the scan…
          </div>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-angle`} className="text-xs">
                  Angle over time
                </Label>
                <NativeSelect
                  id={`${id}-angle`}
                  className="h-8 py-1 text-xs md:text-xs"
                  disabled={!editable && session.anglePreset === null}
                  value={session.anglePreset ?? ''}
                  onChange={(event) =>
                    session.setAnglePreset((event.target.value || null) as AnglePresetId | null)
                  }
                >
                  <option value="">None</option>
                  {Object.entries(ANGLE_PRESETS).map(([key, preset]) => (
                    <option key={key} value={key}>
                      {preset.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-joint`} className="text-xs">
                  Joint path
                </Label>
                <NativeSelect
                  id={`${id}-joint`}
                  className="h-8 py-1 text-xs md:text-xs"
                  value={session.joint ?? ''}
                  onChange={(event) =>
                    session.setJoint((event.target.value || null) as MeasureJoint | null)
                  }
                >
                  <option value="">None</option>
                  {PATH_JOINTS.map((option) => (
                    <option key={option.joint} value={option.joint}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            {aboveGround ? (
              <p
                className="rounded-md border border-amber-500/60 bg-amber-500/10 p-2 text-xs"
                data-testid="above-ground"
              >
                {aboveGroundSentence(aboveGround)}
              </p>
            ) : null}
            {angle && extremes ? (
              <>
                <p className="text-sm">
                  {angle.name} now:{' '}
                  <span className="font-semibold tabular-nums" data-testid="angle-now">
                    {angleNow ? `${angleNow.degrees}°` : '—'}
                  </span>
                </p>
                <MeasureChart
                  title={`${angle.name} angle (°)`}
                  unit="°"
                  samples={angle.samples.map((sample) => [sample.t, sample.degrees] as const)}
                  decimals={0}
                  duration={duration}
                  currentTime={currentTime}
                  onSeek={onSeek}
                  markExtremes
                  testId="angle-chart"
                />
              </>
            ) : angle ? (
              <p className="text-xs text-muted-foreground">
                The scan did not see these three joints together.
              </p>
            ) : null}
          </>
        )}
      </section>

      <StopwatchSection
        stopwatch={session.stopwatch}
        slowMotionFactor={session.slowMotionFactor}
        editable={editable}
        readPlayhead={session.readPlayhead}
        onChange={session.setStopwatch}
        onSeek={onSeek}
      />

      <div className="flex flex-wrap gap-2 border-t pt-3">
        {editable ? (
          <Button
            size="sm"
            disabled={!hasAnything || session.saving || tracking}
            onClick={() => void session.saveAll()}
          >
            <SaveIcon aria-hidden />
            {session.saving ? 'Saving…' : session.dirty ? 'Save measurements' : 'Saved'}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          disabled={!bar && !angle && !stopwatch}
          onClick={() =>
            downloadCsv(
              readingsCsv({
                bar,
                angle,
                stopwatch,
                calibrationKind: calibration?.kind ?? null,
              }),
              `${videoTitle.replace(/[^\w-]+/g, '_').slice(0, 60) || 'video'}-measurements.csv`,
            )
          }
        >
          <DownloadIcon aria-hidden />
          Download CSV
        </Button>
        {!hasAnything && !editable ? (
          <p className="text-xs text-muted-foreground">No measurements on this video yet.</p>
        ) : null}
      </div>
    </div>
  );
}
