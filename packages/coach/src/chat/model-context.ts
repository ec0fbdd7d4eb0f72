import type { AthleteMetrics } from '../athlete-metrics';
import { thin } from '../key-metric';
import { THRESHOLDS } from '../thresholds';
import type { ChatContext, ChatMessage } from './context';
import { detectedPeople } from './people';
import { clock } from './wording';

// The measured context stays under this many characters (about 6k tokens): enough for a long
// clip's reps, points and notes, small enough for local models' context windows.
const MAX_CONTEXT_CHARS = 24_000;
// Earlier turns the model sees, and how much of each.
const RECENT_MESSAGES = 10;
const MAX_MESSAGE_CHARS = 2_000;
const MAX_TEXT_CHARS = 4_000;

const round = (value: number | undefined, decimals = 0) =>
  value === undefined ? null : Math.round(value * 10 ** decimals) / 10 ** decimals + 0;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The clip's measurements as the model sees them: numbers rounded the way the analysis writes
 * them (whole degrees, tenths of seconds) and moments as m:ss, so the model can quote them as
 * they are. Trimmed to a size any model takes: the key metric chart thinned first, then the
 * notes and detections shortened, then the written analysis.
 */
export function modelContext(context: ChatContext): string {
  const attempts = [
    { samples: 60, notes: 100, people: 40, text: MAX_TEXT_CHARS },
    { samples: 20, notes: 50, people: 20, text: MAX_TEXT_CHARS },
    { samples: 0, notes: 25, people: 10, text: 1_500 },
    { samples: 0, notes: 10, people: 5, text: 0 },
  ];
  let json = '';
  for (const limits of attempts) {
    json = JSON.stringify(measuredFacts(context, limits));
    if (json.length <= MAX_CONTEXT_CHARS) return json;
  }
  // A clip with more reps than any model should read in one go: cut at the limit.
  return json.slice(0, MAX_CONTEXT_CHARS);
}

type Limits = { samples: number; notes: number; people: number; text: number };

function measuredFacts(context: ChatContext, limits: Limits) {
  const { video, analysis } = context;
  return {
    video: { title: video.title, duration: clock(video.duration) },
    analysed: analysis !== null,
    targets: {
      kneeAngleAtBottomDegrees: `${THRESHOLDS.shallowKneeAngle} or less (thighs parallel is about ${THRESHOLDS.parallelKneeAngle})`,
      trunkLeanAtBottomDegrees: `under ${THRESHOLDS.trunkLean}`,
      kneeDifferenceAtBottomDegrees: `under ${THRESHOLDS.kneeDifference}`,
      tempoVariationPercent: `under ${Math.round(THRESHOLDS.tempoVariation * 100)}`,
      landingKneeAngleDegrees: `${THRESHOLDS.stiffLandingKneeAngle} or less`,
      elbowAngleOverheadDegrees: `over ${THRESHOLDS.fullArmExtension}`,
      holdSwayPercentOfBodyLength: `under ${Math.round(THRESHOLDS.holdSway * 100)}`,
      stanceShoulderWidths: `${THRESHOLDS.stanceRatio.min}-${THRESHOLDS.stanceRatio.max}`,
    },
    athletes: analysis?.athletes.map(athleteFacts) ?? [],
    coachingPoints:
      analysis?.coachingPoints.map((p) => ({
        time: clock(p.timestamp),
        title: p.title,
        description: p.description,
        type: p.type,
      })) ?? [],
    keyMetric: analysis?.keyMetric
      ? {
          name: analysis.keyMetric.name,
          unit: analysis.keyMetric.unit,
          target: analysis.keyMetric.target,
          samples: (limits.samples ? thin(analysis.keyMetric.samples, limits.samples) : []).map(
            ([t, value]) => [clock(t), value],
          ),
        }
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

function athleteFacts(metrics: AthleteMetrics, index: number) {
  return {
    athlete: index + 1,
    trackedSeconds: round(metrics.seenSeconds, 1),
    reps: metrics.repetitions.map((rep) => ({
      rep: rep.index,
      start: clock(rep.start),
      bottom: clock(rep.bottom),
      end: clock(rep.end),
      kneeAngleAtBottom: round(rep.kneeAngleAtBottom),
      trunkLeanAtBottom: round(rep.trunkLeanAtBottom),
      kneeDifferenceAtBottom: round(rep.kneeDifferenceAtBottom),
      downSeconds: round(rep.descentSeconds, 1),
      upSeconds: rep.cutOff ? null : round(rep.ascentSeconds, 1),
      clipEndsOnTheWayUp: rep.cutOff,
    })),
    jumps: metrics.jumps.map((jump) => ({
      jump: jump.index,
      takeOff: clock(jump.takeOff),
      landing: clock(jump.landing),
      airTimeSeconds: round(jump.airTime, 2),
      hipRiseBodyLengths: round(jump.hipRise, 2),
      landingKneeAngle: round(jump.landingKneeAngle),
      elbowAngleOverhead: round(jump.elbowAngle),
    })),
    deepestKneeAngleInClip: round(metrics.deepestKneeAngle),
    largestTrunkLean: round(metrics.maxTrunkLean),
    medianKneeDifferenceWhileBent: round(metrics.kneeAsymmetry),
    stanceShoulderWidths: round(metrics.medianStanceRatio, 1),
    tempoVariationPercent:
      metrics.tempoVariation === undefined ? null : Math.round(metrics.tempoVariation * 100),
    averageSpeedBodyLengthsPerSecond: round(metrics.movementSpeed, 2),
    peakSpeed: metrics.peakSpeed
      ? {
          time: clock(metrics.peakSpeed.t),
          bodyLengthsPerSecond: round(metrics.peakSpeed.speed, 2),
        }
      : null,
    longestStill: metrics.longestStill
      ? {
          start: clock(metrics.longestStill.start),
          end: clock(metrics.longestStill.end),
          seconds: round(metrics.longestStill.seconds, 1),
          swayPercentOfBodyLength: round(metrics.longestStill.sway * 100, 1),
        }
      : null,
    straightestElbow: round(metrics.largestElbowAngle),
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
