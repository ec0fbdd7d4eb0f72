import type { Area } from './areas';

export type Drill = { name: string; how: string };

/**
 * What a coach says about each area: its name in a question, the cue, common reasons for the
 * fault, and drills. General coaching knowledge, never a claim about the clip, so it holds
 * no numbers: the measured ones come from the analysis beside it.
 */
export type AreaGuide = {
  /** As in "What drills would help my …?". */
  name: string;
  /** A heading: "Depth", "Even knees". */
  title: string;
  cue: string;
  causes: string;
  drills: Drill[];
};

export const AREA_GUIDES: Record<Area, AreaGuide> = {
  depth: {
    name: 'depth',
    title: 'Depth',
    cue: 'Sink until the thighs are about parallel, heels down and chest up.',
    causes:
      'A squat often stops short because of stiff ankles (the heels want to lift), tight hips, ' +
      'or not yet trusting the bottom position.',
    drills: [
      {
        name: 'Box squat',
        how: 'Sit back to a box set at the depth you are aiming for, touch it lightly and stand up. The box tells you when you got there.',
      },
      {
        name: 'Goblet squat with a pause',
        how: 'Hold a weight at the chest, sink to the bottom and pause for a slow count of two. The weight in front lets you sit lower with the chest up.',
      },
      {
        name: 'Heel-elevated squat',
        how: 'Squat with the heels on a small plate or wedge, for when stiff ankles stop the descent.',
      },
    ],
  },
  trunk: {
    name: 'back angle',
    title: 'Chest up',
    cue: 'Brace before each descent and keep the chest up; let the hips sit down between the heels rather than far back.',
    causes:
      'A chest that drops usually comes from stiff ankles, a weak upper back, or the weight ' +
      'drifting to the toes.',
    drills: [
      {
        name: 'Goblet squat',
        how: 'Hold the weight close to the chest: the load in front trains you to stay upright.',
      },
      {
        name: 'Wall-facing squat',
        how: 'Stand a foot from a wall, facing it, and squat without touching it with the knees or face.',
      },
      {
        name: 'Tempo squat',
        how: 'Take a slow count of three on the way down, so the chest has time to stay where it is.',
      },
    ],
  },
  symmetry: {
    name: 'knee symmetry',
    title: 'Even knees',
    cue: 'Share the load evenly between both legs; film from the front to check for a hip shift.',
    causes:
      'Uneven knees usually mean the stronger or more mobile side takes over, often with the ' +
      'hips shifting towards it.',
    drills: [
      {
        name: 'Split squat',
        how: 'Train each leg on its own, weaker side first, so it catches up with the other.',
      },
      {
        name: 'Squat facing a mirror',
        how: 'Watch that the hips stay centred and both knees bend together, or film from the front.',
      },
    ],
  },
  tempo: {
    name: 'tempo',
    title: 'Even tempo',
    cue: 'Pick one count, for example two down and one up, and keep it for every rep.',
    causes: 'Tempo drifts with fatigue, or when some reps are rushed and others ground out.',
    drills: [
      {
        name: 'Metronome squats',
        how: 'Set a metronome and move on the beat: the same count down and up on every rep.',
      },
      {
        name: 'Pause squat',
        how: 'Pause at the bottom for the same count on every rep; it resets the rhythm each time.',
      },
    ],
  },
  landing: {
    name: 'landings',
    title: 'Soft landings',
    cue: 'Land on the balls of the feet and let the hips and knees bend to absorb the impact.',
    causes:
      'Stiff landings come from bracing against the ground instead of receiving it, or from ' +
      'jumping higher than you can yet absorb.',
    drills: [
      {
        name: 'Snap-down to a stick',
        how: 'From tall on the toes, drop fast into an athletic stance and freeze there, hips and knees bent together.',
      },
      {
        name: 'Drop landing',
        how: 'Step off a low box, land quietly on the balls of the feet, sink and hold the landing.',
      },
      {
        name: 'Box jump, step down',
        how: 'Jump up onto a box and step down: all the jumping, none of the hard landings, while the landing improves.',
      },
    ],
  },
  arms: {
    name: 'arm extension',
    title: 'Straight arms overhead',
    cue: 'Reach tall with straight arms at the top.',
    causes: 'Elbows that stay bent overhead often come from tight shoulders or a rushed arm swing.',
    drills: [
      {
        name: 'Wall slides',
        how: 'Back against a wall, slide the arms up overhead and straighten the elbows at the top.',
      },
      {
        name: 'Reach jumps',
        how: 'Jump to touch a high target with both arms fully straight.',
      },
    ],
  },
  hold: {
    name: 'balance',
    title: 'A steady hold',
    cue: 'Brace the trunk and fix your eyes on one point.',
    causes: 'Sway in a hold usually comes from a soft trunk, wandering eyes or tiring legs.',
    drills: [
      {
        name: 'Single-leg balance',
        how: 'Stand on one leg with the eyes fixed on one point; when it is easy, close the eyes.',
      },
      {
        name: 'Plank with shoulder taps',
        how: 'Hold a plank and tap each shoulder in turn without letting the hips rock.',
      },
    ],
  },
};

/** For a clip with no fault: drills that build on what was done well. */
export const NEXT_STEP_DRILLS: Record<'reps' | 'jumps' | 'other', Drill[]> = {
  reps: [
    {
      name: 'Pause squat',
      how: 'Hold the bottom for a slow count of two on every rep: it keeps the depth honest as you add load.',
    },
    {
      name: 'Tempo squat',
      how: 'A slow count of three down and a strong drive up builds control at the depth you already reach.',
    },
  ],
  jumps: [
    {
      name: 'Broad jump to a stick',
      how: 'Jump forward as far as you can and freeze on landing: distance with soft landings.',
    },
    {
      name: 'Repeated hops',
      how: 'Small quick hops on the balls of the feet, for springy ankles.',
    },
  ],
  other: [
    {
      name: 'Goblet squat',
      how: 'A simple squat to film next: the coach can then measure depth, trunk lean and tempo.',
    },
  ],
};
