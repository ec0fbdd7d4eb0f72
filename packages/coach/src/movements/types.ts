import type {
  CameraView,
  CoachingPoint,
  MetricRecord,
  MovementEvent,
  MovementId,
  SportId,
} from '@filmroom/contract';
import type { Athlete } from './athlete';
import type { ViewEstimate } from './view';

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
  /**
   * The time scale was inferred from the movement's own timing (footage that looks slowed):
   * the athlete is read on that clock, but no absolute time or speed is stated from it, since
   * it was assumed from the movement's usual pace, not measured.
   */
  timeInferred: boolean;
};

/** What one of a movement is called when counting ("How many swings did I do?"). */
type RepetitionName = { one: string; many: string };

/**
 * The measure over time the chart under an analysis draws: the joint the movement is judged by
 * (knees for squats and runs, elbows for push-ups), the hands' height for swings, throws and
 * serves, the hips' height for what rises and sinks as a whole.
 */
export type ChartSeries = 'knee_angle' | 'elbow_angle' | 'hand_height' | 'hip_height';

/**
 * One entry of the catalogue: how to recognise a movement and how to coach it. Everything the
 * rest of the coach knows about one movement is here, so adding a movement is one folder.
 */
export type MovementModule = {
  id: MovementId;
  /** The contract's label and sport for this id (the checklist test holds them equal). */
  label: string;
  sport: SportId | null;
  /**
   * Whether a sure recognition of this movement confines the clip to its sport: a court or
   * course sport's session holds no other sport's strokes (a basketball practice has no tennis
   * groundstroke in it, however a passer's arm swing scores). Training movements mix freely.
   */
  sportOwnsClip: boolean;
  /** What one repetition is called; null when nothing is counted (the general reading). */
  repetition: RepetitionName | null;
  chart: ChartSeries;
  /** The camera views this movement's reading is named in (besides `unknown`). */
  views: readonly CameraView[];
  /**
   * The view in this movement's (or sport's) own words, from the body's: a golf swing is seen
   * down the line or face-on, a server stands side-on to the court. Without it, the body's view.
   */
  viewFrom?(athlete: Athlete, body: ViewEstimate): ViewEstimate;
  /**
   * Words a coach names this movement by in an instruction ("this is a golf swing"); null for
   * the general reading, which no instruction asks for. When an instruction names several
   * movements, the lowest precedence wins: a movement whose names contain another's words goes
   * first (a "split squat" is a lunge, not a squat).
   */
  namedBy: { words: RegExp; precedence: number } | null;
  /** 0-1: how well this athlete's pose series fits the movement. */
  recognise(athlete: Athlete): number;
  /**
   * The recogniser reads real-life timing (a downswing's quarter second, a runner's cadence):
   * footage that may be slowed is tried at the playback factors of phone slow motion too. A
   * movement told by its shape alone (a squat is a squat at any speed) is read as filmed.
   */
  timed?: boolean;
  /**
   * For a timed movement: how many times longer than in life its defining phase takes on this
   * athlete's clock (a downswing of about 0.27 s shown over 0.54 s: 2), or undefined when the
   * phase was not seen. Recognition's fit says which playback factors are plausible; this says
   * where among them the clip lies, so a factor is not the middle of a wide range.
   */
  slowness?(athlete: Athlete): number | undefined;
  read(athlete: Athlete, context: ReadContext): MovementReading;
  phases: Phase[];
  faults: Fault[];
  /** Extra points the movement draws beyond one per fault (e.g. its key moment). */
  points?(athlete: Athlete, reading: MovementReading, records: MetricRecord[]): CoachingPoint[];
};
