import { CAMERA_VIEWS, movementLabel, type AthleteReading } from '@filmroom/contract';
import { moduleFor } from '../movements/catalogue';
import type { ChatContext, ChatMessage } from './context';
import { detectedPeople } from './people';
import { eventLabel, faultOf, timeWriter } from './readings';
import { isUnsure, likelyMovements } from './unsure';
import { clipLength, clock } from './wording';

// The measured context stays under this many characters (about 6k tokens): enough for a long
// clip's readings, points and notes, small enough for local models' context windows.
const MAX_CONTEXT_CHARS = 24_000;
// Earlier turns the model sees, and how much of each.
const RECENT_MESSAGES = 10;
const MAX_MESSAGE_CHARS = 2_000;
const MAX_TEXT_CHARS = 4_000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The clip's measurements as the model sees them: each athlete's reading (movement, key moments,
 * metric records) with every value as the record's own text and every moment as m:ss (m:ss.d
 * for quick movements), so the model quotes them as they are and the grounding guard knows
 * them. Trimmed to a size any model takes: the notes and detections shortened first, then the
 * written analysis, then the key moments of long clips.
 */
export function modelContext(context: ChatContext): string {
  const attempts = [
    { events: 200, notes: 100, people: 40, text: MAX_TEXT_CHARS },
    { events: 100, notes: 50, people: 20, text: MAX_TEXT_CHARS },
    { events: 50, notes: 25, people: 10, text: 1_500 },
    { events: 20, notes: 10, people: 5, text: 0 },
  ];
  let json = '';
  for (const limits of attempts) {
    json = JSON.stringify(measuredFacts(context, limits));
    if (json.length <= MAX_CONTEXT_CHARS) return json;
  }
  // More than any model should read in one go: cut at the limit.
  return json.slice(0, MAX_CONTEXT_CHARS);
}

type Limits = { events: number; notes: number; people: number; text: number };

function measuredFacts(context: ChatContext, limits: Limits) {
  const { video, analysis } = context;
  const readings = analysis?.athletes ?? [];
  const nameOf = (index: number | undefined) =>
    readings.find((r) => r.index === index)?.name ?? null;
  return {
    video: { title: video.title, duration: clipLength(video.duration) },
    analysed: analysis !== null,
    athletes: readings.map((reading) => athleteFacts(reading, limits)),
    coachingPoints:
      analysis?.coachingPoints.map((p) => ({
        time: clock(p.timestamp),
        athlete: nameOf(p.athlete),
        title: p.title,
        description: p.description,
        type: p.type,
      })) ?? [],
    chart: analysis?.keyMetric
      ? { measure: analysis.keyMetric.name, athlete: nameOf(analysis.keyMetric.athlete) }
      : null,
    overallFeedback: analysis?.overallFeedback ?? null,
    writtenAnalysis: analysis && limits.text ? clip(analysis.textAnalysis, limits.text) : null,
    detectedPlayers: detectedPeople(context.playerDetections)
      .slice(0, limits.people)
      .map((p) => ({
        name: p.name,
        jerseyNumbers: p.jerseyNumbers,
        jerseyColors: p.jerseyColors,
        firstSeen: clock(p.first),
        lastSeen: clock(p.last),
        bestConfidencePercent: Math.round(p.bestConfidence * 100),
      })),
    notes: [...context.annotations]
      .sort((a, b) => a.timestamp - b.timestamp)
      .slice(0, limits.notes)
      .map((n) => ({
        time: clock(n.timestamp),
        author: n.author,
        content: clip(n.content, 500),
        sentiment: n.sentiment
          ? {
              label: n.sentiment.label,
              confidencePercent: Math.round(n.sentiment.confidence * 100),
            }
          : null,
      })),
  };
}

/** One athlete's reading, in the words the answers use. */
function athleteFacts(reading: AthleteReading, limits: Limits) {
  const time = timeWriter(reading);
  return {
    athlete: reading.index,
    name: reading.name,
    movement: reading.movementLabel,
    movementChosenBy: reading.movementSource === 'chosen' ? 'the coach' : 'recognition',
    // A guess is said to be one, with the movements it may be, so the model asks rather than
    // answering as a movement the clip may not show.
    movementIsAGuess: isUnsure(reading),
    likelyMovements: likelyMovements(reading).map((id) => movementLabel(id)),
    cameraView: CAMERA_VIEWS.find((view) => view.id === reading.view)?.label ?? reading.view,
    repetitions: reading.repetitions ?? null,
    repetitionsAre: moduleFor(reading.movement)?.repetition?.many ?? 'repetitions',
    keyMoments: reading.events
      .slice(0, limits.events)
      .map((event) => ({ moment: event.name, label: event.label, time: time(event.t) })),
    metrics: reading.metrics.map((record) => {
      const fault = record.status === 'fault' ? faultOf(reading, record) : undefined;
      return {
        name: record.name,
        value: record.text,
        time: record.t === null ? null : time(record.t),
        atMoment: record.event ? eventLabel(reading, record.event) : null,
        target: record.target,
        targetSource: record.source,
        verdict:
          record.status === 'ok'
            ? 'within the target'
            : record.status === 'fault'
              ? 'outside the target'
              : 'no target',
        ...(fault ? { fault: fault.title, cue: fault.cue, drills: fault.drills } : {}),
      };
    }),
    notMeasuredFromThisAngle: reading.withheld,
  };
}

/** The last few turns of the conversation, each cut to a sane length. */
export function recentMessages(history: ChatMessage[]): ChatMessage[] {
  return history
    .slice(-RECENT_MESSAGES)
    .map((m) => ({ role: m.role, content: clip(m.content, MAX_MESSAGE_CHARS) }));
}

export const MAX_QUESTION_CHARS = MAX_MESSAGE_CHARS;
export { clip };
