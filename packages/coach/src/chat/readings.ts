/**
 * The stored readings as the chat reads them: each athlete's movement (with its catalogue
 * guide: phases, faults, drills), its key moments and its metric records, and how to write
 * them. Every number an answer gives is a record's `text` or a moment's time.
 */
import {
  MOVEMENT_IDS,
  type AthleteReading,
  type MetricRecord,
  type MovementEvent,
} from '@filmroom/contract';
import { guideFor, type MovementGuide } from '../movements/catalogue';
import type { Fault, Phase } from '../movements/types';
import type { ChatAnalysis, ChatContext } from './context';
import type { ClipWords, Question } from './question';
import { TOPIC_WORDS, telling } from './topics';
import { clockFor } from '../units';
import { atMoment, clipLength, lowerFirst } from './wording';

// A record counts as taken at a key moment this close to it (seconds).
const SAME_MOMENT = 0.15;

export type Clip = { analysis: ChatAnalysis; readings: AthleteReading[] };

/**
 * The analysis with at least one athlete's reading, or the plain reason there is none: the
 * clip was not analysed yet, the analysis saw nobody clearly enough, or it was stored before
 * analyses kept their readings.
 */
export function clipOrReason(context: ChatContext): Clip | string {
  const { analysis, video } = context;
  if (!analysis) {
    return (
      `**${video.title}** has not been analysed yet, so there are no measurements to answer ` +
      'from. Once the analysis is ready I can point to the moments and numbers it measured.'
    );
  }
  if (!analysis.athletes.length) {
    if (analysis.coachingPoints.length) {
      return (
        "This clip's analysis was made before FilmRoom kept each athlete's measurements, so " +
        'there are none to answer from. Regenerate the analysis and ask again.'
      );
    }
    return (
      `The analysis found no athlete clear enough to measure in this ${clipLength(video.duration)} ` +
      'clip, so there are no moments or numbers to answer from. For the next clip, film the ' +
      'whole body, in good light, and keep the athlete in frame.'
    );
  }
  return { analysis, readings: analysis.athletes };
}

export const guideOf = (reading: AthleteReading): MovementGuide => guideFor(reading.movement);

/** A record's metric key: "a1.tempo_ratio" → "tempo_ratio", as the movement's faults name it. */
const metricKey = (record: MetricRecord) => record.id.slice(record.id.indexOf('.') + 1);

/** The movement's fault a record measures, when the movement names one for it. */
export const faultOf = (reading: AthleteReading, record: MetricRecord): Fault | undefined =>
  guideOf(reading).faults.find((fault) => fault.metric === metricKey(record));

/**
 * The records that missed their target, in the order the movement lists its faults (its
 * priority), then any others.
 */
export function faultedRecords(reading: AthleteReading): MetricRecord[] {
  const faults = guideOf(reading).faults;
  const rank = (record: MetricRecord) => {
    const index = faults.findIndex((fault) => fault.metric === metricKey(record));
    return index === -1 ? faults.length : index;
  };
  return reading.metrics
    .filter((record) => record.status === 'fault')
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * How this reading's moments are written: m:ss, or m:ss.d when two of its moments fall in the
 * same second (a golf swing's top and impact) so each answer names the right one.
 */
export function timeWriter(reading: AthleteReading): (seconds: number) => string {
  return clockFor([
    ...reading.events.map((event) => event.t),
    ...reading.metrics.flatMap((record) => (record.t === null ? [] : [record.t])),
  ]);
}

/**
 * What a kind of key moment is called ("Impact", "Bottom"): the movement's phase label, which
 * names every repetition's moment at once, else the reading's own label.
 */
export function eventLabel(reading: AthleteReading, event: string): string {
  return (
    guideOf(reading).phases.find((phase) => phase.event === event)?.label ??
    reading.events.find((e) => e.name === event)?.label ??
    event.replace(/_/g, ' ')
  );
}

/**
 * "at impact (0:04.4)", "at bottom of rep 2 (0:06)", "at 0:07" or "over the clip": when a
 * record was measured, by the very key moment it was taken at when there is one.
 */
export function whenMeasured(reading: AthleteReading, record: MetricRecord): string {
  const time = timeWriter(reading);
  if (record.event && record.t === null) return atMoment(eventLabel(reading, record.event));
  if (record.event) {
    const own = eventsNamed(reading, record.event).find(
      (e) => Math.abs(e.t - record.t!) <= SAME_MOMENT,
    );
    // Of a kind of moment but taken at another time (a hold's widest sway): the time alone.
    if (own) return `${atMoment(own.label)} (${time(record.t!)})`;
  }
  return record.t === null ? 'over the clip' : `at ${time(record.t)}`;
}

/** "Spine tilt: 34° at impact (0:04.4), target 30-40°: within the target." */
export function recordLine(reading: AthleteReading, record: MetricRecord): string {
  const target = record.target ? `, target ${record.target}` : '';
  const verdict =
    record.status === 'ok'
      ? ': within the target.'
      : record.status === 'fault'
        ? ': outside the target.'
        : record.target
          ? '.'
          : ' (no target: a measure to compare clips by).';
  return `**${record.name}**: ${record.text} ${whenMeasured(reading, record)}${target}${verdict}`;
}

/** "**Alex Kim** (golf swing): " before a line about one of several athletes; nothing for one. */
export function athleteHeading(readings: AthleteReading[], reading: AthleteReading): string {
  return readings.length > 1 ? `**${reading.name}** (${lowerFirst(reading.movementLabel)}): ` : '';
}

/**
 * The readings a question is about: the athlete it names, else all of them. A name or number
 * that matches nobody gives none, and the reason.
 */
export function chosenReadings(clip: Clip, question: Question): AthleteReading[] | string {
  if (question.athlete === undefined) return clip.readings;
  const reading = clip.readings.find((r) => r.index === question.athlete);
  if (reading) return [reading];
  return `There is no athlete ${question.athlete} in this clip. It shows ${clip.readings
    .map((r) => `**${r.name}**`)
    .join(', ')}.`;
}

/** The words a question about this clip may use: its moments, athletes and metric names. */
export function clipWords(context: ChatContext): ClipWords {
  const readings = context.analysis?.athletes ?? [];
  const movements = new Set(readings.map((r) => r.movement));
  const phases = uniquePhases([...movements].flatMap((id) => guideFor(id).phases));
  const own = new Set(phases.map((phase) => phase.event));
  const otherPhases = uniquePhases(
    MOVEMENT_IDS.filter((id) => !movements.has(id))
      .flatMap((id) => guideFor(id).phases)
      .filter((phase) => !own.has(phase.event)),
  );
  return {
    phases,
    otherPhases,
    athletes: readings.map((r) => ({ index: r.index, name: r.name })),
    measures: readings.flatMap((reading) => [
      ...reading.metrics.map((record) => record.name),
      ...reading.metrics.flatMap((record) => faultOf(reading, record)?.title ?? []),
    ]),
  };
}

function uniquePhases(phases: Phase[]): Phase[] {
  return phases.filter((phase, i) => phases.findIndex((p) => p.event === phase.event) === i);
}

/** The reading's key moments of one kind (every foot strike, or the one impact), in time order. */
export function eventsNamed(reading: AthleteReading, event: string): MovementEvent[] {
  return reading.events.filter((e) => e.name === event).sort((a, b) => a.t - b.t);
}

/**
 * The records measured at a key moment: those tied to the event, else those with no event of
 * their own taken right at it. A record tied to another event (the top of the swing) is that
 * event's, never this one's.
 */
export function recordsAt(
  reading: AthleteReading,
  event: string,
  moments?: MovementEvent[],
): MetricRecord[] {
  const chosen = moments ?? eventsNamed(reading, event);
  const near = (record: MetricRecord) =>
    record.t !== null && chosen.some((m) => Math.abs(m.t - record.t!) <= SAME_MOMENT);
  const tied = reading.metrics.filter(
    (record) => record.event === event && (!moments || record.t === null || near(record)),
  );
  if (tied.length) return tied;
  return reading.metrics.filter((record) => record.event === null && near(record));
}

/**
 * The records a question's words name: a metric's own name ("tempo", "cadence"), its fault's
 * title, or a topic ("posture" finds spine tilt and trunk lean). Empty when the question names
 * no measure at all, and `named` says whether it tried.
 */
export function recordsNamed(
  reading: AthleteReading,
  question: Question,
  records: MetricRecord[] = reading.metrics,
): { named: boolean; records: MetricRecord[] } {
  const words = new Set(question.words);
  const byName = (record: MetricRecord) =>
    [...telling(record.name), ...telling(faultOf(reading, record)?.title ?? '')].some((w) =>
      words.has(w),
    );
  const byTopic = (record: MetricRecord) =>
    question.topics.some(
      (topic) =>
        faultOf(reading, record)?.topic === topic ||
        TOPIC_WORDS[topic].named.test(record.name.toLowerCase()),
    );
  const allNames = reading.metrics.flatMap((record) => telling(record.name));
  const named = question.topics.length > 0 || question.words.some((w) => allNames.includes(w));
  return { named, records: records.filter((record) => byName(record) || byTopic(record)) };
}

/** "address (0:01)", "foot strike (8 times: 0:01.2, 0:01.5, 0:01.9, …)": the moments found. */
export function momentsFound(reading: AthleteReading, most = 3): string[] {
  const time = timeWriter(reading);
  const names = [...new Set(reading.events.map((e) => e.name))];
  return names.map((name) => {
    const events = eventsNamed(reading, name);
    const times = events.slice(0, most).map((e) => time(e.t));
    const label = lowerFirst(events.length > 1 ? eventLabel(reading, name) : events[0]!.label);
    return events.length > most
      ? `${label} (${events.length} times: ${times.join(', ')}, …)`
      : `${label} (${times.join(', ')})`;
  });
}
