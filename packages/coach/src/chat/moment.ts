import type { ChatContext } from './context';
import { detectedPeople, describePerson, noteLine } from './people';
import type { Question } from './question';
import { athleteHeading, clipOrReason, eventLabel, recordLine, timeWriter } from './readings';
import { clipLength, clock, lowerFirst } from './wording';

// "What happened at 0:12" covers this many seconds either side: m:ss is whole seconds, and a
// key moment or a point a second away is what the asker is looking at.
const WINDOW = 2;
// Key moments and measures are quick: only those this close to the moment asked about.
const MEASURE_WINDOW = 1;

export function momentAnswer(context: ChatContext, question: Question): string {
  const t = question.time ?? 0;
  const { video } = context;
  if (t > video.duration + 0.5) {
    return `The clip is only ${clipLength(video.duration)} long, so there is nothing at ${clock(t)}.`;
  }
  const near = (time: number, window = WINDOW) => time >= t - window && time < t + 1 + window;
  const clip = clipOrReason(context);
  const measuredLines: string[] = [];
  let status = '';
  if (typeof clip === 'string') {
    status = context.analysis
      ? 'The analysis measured no athlete in this clip.'
      : 'The clip has not been analysed yet, so there are no body measurements to look at.';
  } else {
    for (const reading of clip.readings) {
      if (question.athlete !== undefined && reading.index !== question.athlete) continue;
      const who = athleteHeading(clip.readings, reading);
      const time = timeWriter(reading);
      for (const event of reading.events.filter((e) => near(e.t, MEASURE_WINDOW))) {
        measuredLines.push(`- ${who}**${event.label}** at ${time(event.t)}`);
      }
      for (const record of reading.metrics.filter(
        (r) => r.t !== null && near(r.t, MEASURE_WINDOW),
      )) {
        measuredLines.push(`- ${who}${recordLine(reading, record)}`);
      }
    }
    for (const point of clip.analysis.coachingPoints.filter((p) => near(p.timestamp))) {
      measuredLines.push(`- ${clock(point.timestamp)} **${point.title}**: ${point.description}`);
    }
  }
  const people = detectedPeople(context.playerDetections.filter((d) => near(d.timestamp)));
  const notes = context.annotations
    .filter((n) => near(n.timestamp))
    .sort((a, b) => a.timestamp - b.timestamp);

  const found = measuredLines.length + people.length + notes.length;
  if (found) {
    const lines = [`**Around ${clock(t)}:**`, '', ...measuredLines];
    if (people.length) lines.push(...people.map((p) => `- Detected: ${describePerson(p)}`));
    if (notes.length) lines.push(...notes.map((n) => `- Note: ${noteLine(n)}`));
    if (status) lines.push('', status);
    return lines.join('\n');
  }
  const lines = [
    `Nothing was measured around ${clock(t)}: there is no key moment, measure, coaching point, detection or note within a couple of seconds of it.`,
  ];
  const nearest = nearestMoment(context, t);
  if (nearest) lines.push(`The nearest is ${nearest.label} at ${nearest.time}.`);
  if (status) lines.push(status);
  return lines.join(' ');
}

function nearestMoment(context: ChatContext, t: number) {
  const readings = context.analysis?.athletes ?? [];
  const moments: { t: number; time: string; label: string }[] = [
    ...readings.flatMap((reading) =>
      reading.events.map((event) => ({
        t: event.t,
        time: timeWriter(reading)(event.t),
        label: `the ${lowerFirst(eventLabel(reading, event.name))}${readings.length > 1 ? ` of ${reading.name}` : ''}`,
      })),
    ),
    ...(context.analysis?.coachingPoints ?? []).map((p) => ({
      t: p.timestamp,
      time: clock(p.timestamp),
      label: `the coaching point “${p.title}”`,
    })),
    ...context.annotations.map((n) => ({
      t: n.timestamp,
      time: clock(n.timestamp),
      label: `a note by ${n.author}`,
    })),
  ];
  return moments.sort((a, b) => Math.abs(a.t - t) - Math.abs(b.t - t))[0];
}
