import type { AthleteMetrics } from '../athlete-metrics';
import { bodyLengths } from '../units';
import type { ChatContext } from './context';
import { detectedPeople, describePerson, noteLine } from './people';
import type { Question } from './question';
import { clock, degrees, seconds } from './wording';

// "What happened at 0:12" covers this many seconds either side: m:ss is whole seconds, and a
// rep's bottom or a point a second away is what the asker is looking at.
const WINDOW = 2;
// The key metric is read at the sample nearest the moment, if one is this close.
const SAMPLE_REACH = 0.5;

export function momentAnswer(context: ChatContext, question: Question): string {
  const t = question.time ?? 0;
  const { video, analysis } = context;
  if (t > video.duration + 0.5) {
    return `The clip is only ${clock(video.duration)} long, so there is nothing at ${clock(t)}.`;
  }
  const overlaps = (start: number, end: number) => start <= t + WINDOW && end >= t - WINDOW;
  const near = (time: number) => Math.abs(time - t) <= WINDOW;

  const measuredLines: string[] = [];
  let status = '';
  if (!analysis) {
    status = 'The clip has not been analysed yet, so there are no body measurements to look at.';
  } else if (!analysis.athletes.length) {
    status = 'The analysis measured no athlete in this clip.';
  } else {
    analysis.athletes.forEach((athlete, index) => {
      const who = analysis.athletes.length > 1 ? `Athlete ${index + 1}: ` : '';
      for (const line of movementAround(athlete, t, overlaps, near)) {
        measuredLines.push(`- ${who}${line}`);
      }
    });
    for (const point of analysis.coachingPoints.filter((p) => near(p.timestamp))) {
      measuredLines.push(`- ${clock(point.timestamp)} **${point.title}**: ${point.description}`);
    }
  }
  const people = detectedPeople(context.playerDetections.filter((d) => near(d.timestamp)));
  const notes = context.annotations
    .filter((n) => near(n.timestamp))
    .sort((a, b) => a.timestamp - b.timestamp);

  const reading = keyMetricReading(context, t);
  const found = measuredLines.length + people.length + notes.length;
  const lines: string[] = [];
  if (found) {
    lines.push(`**Around ${clock(t)}:**`, '', ...measuredLines);
    if (reading) lines.push(`- ${reading}`);
    if (people.length) lines.push(...people.map((p) => `- Detected: ${describePerson(p)}`));
    if (notes.length) lines.push(...notes.map((n) => `- Note: ${noteLine(n)}`));
    if (status) lines.push('', status);
    return lines.join('\n');
  }
  const none = `no rep, jump, coaching point, detection or note within a couple of seconds of ${clock(t)}`;
  lines.push(
    reading
      ? `There is ${none}. The only reading there: ${reading}.`
      : `Nothing was measured around ${clock(t)}: there is ${none}.`,
  );
  const nearest = nearestMoment(context, t);
  if (nearest)
    lines.push(`The nearest measured moment is ${nearest.label} at ${clock(nearest.time)}.`);
  if (status) lines.push(status);
  return lines.join(' ');
}

function movementAround(
  athlete: AthleteMetrics,
  t: number,
  overlaps: (start: number, end: number) => boolean,
  near: (time: number) => boolean,
): string[] {
  const lines: string[] = [];
  for (const rep of athlete.repetitions.filter((r) => overlaps(r.start, r.end))) {
    const bottom = [
      rep.kneeAngleAtBottom === undefined ? '' : `knee angle ${degrees(rep.kneeAngleAtBottom)}`,
      rep.trunkLeanAtBottom === undefined ? '' : `trunk lean ${degrees(rep.trunkLeanAtBottom)}`,
    ]
      .filter(Boolean)
      .join(', ');
    const phase =
      t >= rep.start && t <= rep.end
        ? ` (${clock(t)} is on the way ${t <= rep.bottom ? 'down' : 'up'})`
        : '';
    lines.push(
      `Rep ${rep.index}, ${clock(rep.start)}-${clock(rep.end)}${phase}: bottom at ${clock(rep.bottom)}` +
        (bottom ? ` with ${bottom}` : '') +
        (rep.cutOff ? '; the clip ends on the way up.' : '.'),
    );
  }
  for (const jump of athlete.jumps.filter((j) => overlaps(j.start, j.end))) {
    lines.push(
      `Jump ${jump.index}: take-off at ${clock(jump.takeOff)}, ${jump.airTime.toFixed(2)} s in the air, ` +
        `hips up ${bodyLengths(jump.hipRise)}` +
        (jump.landingKneeAngle === undefined
          ? '.'
          : `, knees at ${degrees(jump.landingKneeAngle)} on landing at ${clock(jump.landingKneeAt)}.`),
    );
  }
  const still = athlete.longestStill;
  if (still && overlaps(still.start, still.end)) {
    lines.push(
      `Standing still ${clock(still.start)}-${clock(still.end)} (${seconds(still.seconds)}), hips swaying ${(still.sway * 100).toFixed(1)} % of body length.`,
    );
  }
  const peak = athlete.peakSpeed;
  if (peak && near(peak.t)) {
    lines.push(
      `The fastest movement of the clip at ${clock(peak.t)}: ${peak.speed.toFixed(2)} body lengths per second.`,
    );
  }
  return lines;
}

/** "Knee angle at 0:05: 168°" from the key metric's sample nearest the moment. */
function keyMetricReading(context: ChatContext, t: number): string | undefined {
  const metric = context.analysis?.keyMetric;
  if (!metric?.samples.length) return undefined;
  const [time, value] = metric.samples.reduce((a, b) =>
    Math.abs(b[0] - t) < Math.abs(a[0] - t) ? b : a,
  );
  if (Math.abs(time - t) > SAMPLE_REACH) return undefined;
  const written = metric.unit === '°' ? degrees(value) : `${value} ${metric.unit}`;
  return `${metric.name} at ${clock(time)}: ${written}`;
}

function nearestMoment(context: ChatContext, t: number) {
  const moments: { time: number; label: string }[] = [
    ...(context.analysis?.athletes ?? []).flatMap((athlete) => [
      ...athlete.repetitions.map((r) => ({
        time: r.bottom,
        label: `the bottom of rep ${r.index}`,
      })),
      ...athlete.jumps.map((j) => ({ time: j.takeOff, label: `the take-off of jump ${j.index}` })),
    ]),
    ...(context.analysis?.coachingPoints ?? []).map((p) => ({
      time: p.timestamp,
      label: `the coaching point “${p.title}”`,
    })),
    ...context.annotations.map((n) => ({ time: n.timestamp, label: `a note by ${n.author}` })),
  ];
  return moments.sort((a, b) => Math.abs(a.time - t) - Math.abs(b.time - t))[0];
}
