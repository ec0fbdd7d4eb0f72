import type {
  CameraView,
  CoachingPoint,
  MetricRecord,
  MovementEvent,
  MovementId,
} from '@filmroom/contract';
import type { Athlete } from './athlete';

/** A topic a coach can ask for or rule out ("focus on tempo", "don't talk about depth"). */
export type Topic =
  | 'depth'
  | 'posture'
  | 'symmetry'
  | 'tempo'
  | 'arms'
  | 'legs'
  | 'balance'
  | 'head'
  | 'jumping'
  | 'speed'
  | 'rhythm';

export type Drill = { name: string; how: string };

/**
 * What goes wrong in a movement, as a coach names it: the metric that reveals it, the cue that
 * fixes it, and drills to practise. Chat and write-up share these words.
 */
export type Fault = {
  id: string;
  /** The metric (its key in the movement's metric list) whose target this fault misses. */
  metric: string;
  title: string;
  cue: string;
  topic: Topic;
  drills: Drill[];
};

/** A key moment a movement's phases are built around, with the words coaches use for it. */
export type Phase = {
  event: string;
  label: string;
  /** Words in a question that point at this moment ("at impact", "when the ball hits"). */
  words: RegExp;
  /** What the moment is, in one line. */
  about: string;
  /** How a sentence places a measure there ("at the bottom"); default "at " + the label. */
  at?: string;
};

/** One metric a movement measures, before it is tied to an athlete. */
export type MetricDraft = {
  key: string;
  name: string;
  value: number;
  unit: string;
  /** Decimal places the value is written with. */
  decimals: number;
  t: number | null;
  event: string | null;
  target: string | null;
  source: string | null;
  status: MetricRecord['status'];
  topic: Topic;
};

/** The movement's reading of one athlete before names, ids and wording are added. */
export type MovementReading = {
  events: MovementEvent[];
  /** Repetitions (or strokes, strides, swings) counted, with the moment each is counted at. */
  repetitions: { t: number; label?: string }[];
  metrics: MetricDraft[];
  /** One line each: what this view could not measure and which angle would show it. */
  withheld: string[];
  /** A sentence or two saying what the athlete did, with no numbers. */
  summary: string;
};

export type ReadContext = {
  view: CameraView;
  /** Real seconds per clip second (1 real time; 0.25 for footage slowed 4x). */
  timeScale: number;
  /**
   * Whether the time scale was declared (by the file or the coach). When it was not, real time
   * is assumed, and a duration too long for the movement in real life means slow motion.
   */
  timeDeclared: boolean;
};

/** One entry of the catalogue: how to recognise a movement and how to coach it. */
export type MovementModule = {
  id: MovementId;
  /** 0-1: how well this athlete's pose series fits the movement. */
  recognise(athlete: Athlete): number;
  /**
   * The recogniser reads real-life timing (a downswing's quarter second, a runner's cadence):
   * footage that may be slowed is tried at the playback factors of phone slow motion too. A
   * movement told by its shape alone (a squat is a squat at any speed) is read as filmed.
   */
  timed?: boolean;
  read(athlete: Athlete, context: ReadContext): MovementReading;
  phases: Phase[];
  faults: Fault[];
  /** Extra points the movement draws beyond one per fault (e.g. its key moment). */
  points?(athlete: Athlete, reading: MovementReading, records: MetricRecord[]): CoachingPoint[];
};
