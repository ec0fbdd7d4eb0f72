import type { CoachingPoint, MetricRecord, MovementEvent, VisualGuide } from '@filmroom/contract';
import type { BodyMoment } from '../body-series';
import { clock } from '../units';
import { armGuides, highlight, legGuides, line } from '../visual-guides';
import { momentAt, type Athlete } from './athlete';
import type { MetricDraft, MovementModule, Topic } from './types';

const FAULT_COLOUR = '#facc15';

/**
 * One coaching point per measured fault: at the moment it was measured, quoting the record's
 * own text, with the movement's cue and a guide drawn on the athlete's body at that instant.
 */
export function faultPoints(
  module: MovementModule,
  athlete: Athlete,
  records: MetricRecord[],
  drafts: MetricDraft[],
  events: MovementEvent[],
): CoachingPoint[] {
  return records.flatMap((record, i) => {
    if (record.status !== 'fault' || record.t === null) return [];
    const fault = module.faults.find((f) => f.metric === drafts[i]!.key);
    if (!fault) return [];
    const moment = momentAt(athlete, record.t);
    return [
      {
        timestamp: record.t,
        title: fault.title,
        description: `${measuredLine(record, module, events)} ${fault.cue}`,
        type: fault.topic,
        visualGuides: guidesFor(fault.topic, moment, athlete),
        metricIds: [record.id],
      },
    ];
  });
}

// A record this close to an event of its kind was taken at that moment.
const AT_EVENT = 0.15;

/**
 * "Downswing time 0.31 s at impact (target: under 0.35 s)." from the record and the reading's
 * events (on the record's clock): a record of a kind of moment taken at another time (a hold's
 * widest sway) is placed by its time, not by the moment's name.
 */
export function measuredLine(
  record: MetricRecord,
  module: MovementModule,
  events: MovementEvent[],
): string {
  const phase = module.phases.find((p) => p.event === record.event);
  const atEvent =
    record.t === null ||
    events.some((e) => e.name === record.event && Math.abs(e.t - record.t!) <= AT_EVENT);
  const at = phase && atEvent ? (phase.at ?? `at ${phase.label.toLowerCase()}`) : undefined;
  // "Knee angle at the bottom" already says where it was measured.
  const when =
    at !== undefined
      ? record.name.toLowerCase().includes(at.replace(/^(at|in|as) /, ''))
        ? ''
        : ` ${at}`
      : record.t !== null
        ? ` at ${clock(record.t)}`
        : '';
  const target = record.target ? ` (target: ${record.target})` : '';
  return `${record.name} ${record.text}${when}${target}.`;
}

/** The body part a topic is about, drawn over the picture. */
export function guidesFor(topic: Topic, moment: BodyMoment, athlete: Athlete): VisualGuide[] {
  const frame = athlete.frame;
  switch (topic) {
    case 'depth':
    case 'legs':
    case 'jumping':
    case 'rhythm':
      return legGuides(moment, frame, FAULT_COLOUR);
    case 'arms':
      return armGuides(moment, frame, FAULT_COLOUR);
    case 'posture':
      return line(moment.hip, moment.shoulder, frame, FAULT_COLOUR);
    case 'head':
      return highlight(moment.points.nose ?? moment.shoulder, frame, FAULT_COLOUR);
    case 'symmetry':
      return highlight(moment.leftKnee ?? moment.rightKnee ?? moment.hip, frame, FAULT_COLOUR);
    default:
      return highlight(moment.hip, frame, FAULT_COLOUR);
  }
}

/** A point at a key moment that states what was measured there (not a fault, a reference). */
export function momentPoint(
  athlete: Athlete,
  module: MovementModule,
  event: { name: string; label: string; t: number },
  records: MetricRecord[],
  topic: Topic,
  advice: string,
): CoachingPoint {
  const here = records.filter((r) => r.event === event.name);
  const measured = here.map((r) => `${r.name} ${r.text}`).join('; ');
  return {
    timestamp: Math.round(event.t * 100) / 100,
    title: event.label,
    description: `${measured ? `${measured}. ` : ''}${advice}`,
    type: topic,
    visualGuides: guidesFor(topic, momentAt(athlete, event.t), athlete),
    metricIds: here.map((r) => r.id),
  };
}

/**
 * A point for each timed record, fault or not: what was measured there. Used when a coach asks
 * about a stretch of the clip where nothing missed its target, so the answer is what was seen
 * rather than silence.
 */
export function measuredPoints(
  module: MovementModule,
  athlete: Athlete,
  records: MetricRecord[],
  topics: Topic[],
  athleteIndex: number,
  events: MovementEvent[],
): CoachingPoint[] {
  return records.flatMap((record, i) => {
    if (record.t === null) return [];
    const topic = topics[i]!;
    const verdict = record.status === 'ok' ? ' Within the target.' : '';
    return [
      {
        timestamp: record.t,
        title: record.name,
        description: `${measuredLine(record, module, events)}${verdict}`,
        type: topic,
        visualGuides: guidesFor(topic, momentAt(athlete, record.t), athlete),
        metricIds: [record.id],
        athlete: athleteIndex,
      },
    ];
  });
}
