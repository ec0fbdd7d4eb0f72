import type { ReadyMadeTemplate, TagButton, TagLabelGroup, TagRatio } from '@filmroom/contract';

/** An instant button: its clip reaches `lead` seconds before the press and `lag` after. */
const instant = (name: string, colour: string, hotkey: string, lead = 5, lag = 3): TagButton => ({
  name,
  colour,
  hotkey,
  leadSeconds: lead,
  lagSeconds: lag,
  mode: 'instant',
});
/** A toggled button: press to start, press again to stop (a possession, a power play). */
const toggled = (name: string, colour: string, hotkey: string): TagButton => ({
  name,
  colour,
  hotkey,
  leadSeconds: 0,
  lagSeconds: 0,
  mode: 'toggled',
});
const group = (name: string, labels: [text: string, hotkey: string | null][]): TagLabelGroup => ({
  name,
  labels: labels.map(([text, hotkey]) => ({ text, hotkey })),
});

/** "Shot with Result: Made over Shot": the share of one type's events that carry a label. */
const shareWith = (name: string, code: string, label: string): TagRatio => ({
  name,
  numerator: { code, label },
  denominator: { code, label: null },
});

const RED = '#e5484d';
const ORANGE = '#f76b15';
const AMBER = '#ffc53d';
const GREEN = '#30a46c';
const TEAL = '#12a594';
const BLUE = '#0090ff';
const INDIGO = '#3e63dd';
const PURPLE = '#8e4ec6';
const PINK = '#d6409f';
const GREY = '#8b8d98';

/**
 * The ready-made code windows a coach copies and edits. They live in code (not in the database)
 * so an upgrade improves them for everyone who has not copied them yet. Button hotkeys and label
 * hotkeys never share a letter; digits are left for shirt numbers.
 */
export const READY_MADE_TEMPLATES: readonly ReadyMadeTemplate[] = [
  {
    key: 'basketball',
    name: 'Basketball',
    sport: 'Basketball',
    buttons: [
      instant('Shot', ORANGE, 's'),
      instant('Free throw', AMBER, 'f', 3, 3),
      instant('Rebound', GREEN, 'r', 4, 2),
      instant('Assist', TEAL, 'a', 5, 2),
      instant('Turnover', RED, 't', 5, 3),
      instant('Steal', BLUE, 'l', 4, 3),
      instant('Block', INDIGO, 'b', 4, 2),
      instant('Foul', PINK, 'o', 4, 2),
      toggled('Possession', GREY, 'p'),
    ],
    labelGroups: [
      group('Result', [
        ['Made', 'm'],
        ['Missed', 'x'],
      ]),
      group('Zone', [
        ['Paint', 'i'],
        ['Mid-range', 'd'],
        ['Three', 'e'],
      ]),
      group('Side', [
        ['Offence', null],
        ['Defence', null],
      ]),
    ],
    periods: ['Q1', 'Q2', 'Q3', 'Q4', 'OT'],
    ratios: [
      shareWith('FG%', 'Shot', 'Result: Made'),
      shareWith('FT%', 'Free throw', 'Result: Made'),
    ],
  },
  {
    key: 'soccer',
    name: 'Soccer',
    sport: 'Soccer',
    buttons: [
      instant('Shot', ORANGE, 's', 6, 3),
      instant('Goal', GREEN, 'g', 10, 5),
      instant('Corner', BLUE, 'c', 2, 10),
      instant('Free kick', INDIGO, 'f', 2, 10),
      instant('Turnover', RED, 't', 5, 3),
      instant('Foul', PINK, 'o', 4, 3),
      instant('Save', TEAL, 'v', 5, 2),
      toggled('Attack', GREY, 'a'),
    ],
    labelGroups: [
      group('Result', [
        ['On target', 'n'],
        ['Off target', 'x'],
        ['Blocked', 'b'],
      ]),
      group('Side', [
        ['Left', 'l'],
        ['Centre', 'e'],
        ['Right', 'r'],
      ]),
    ],
    periods: ['1st half', '2nd half', 'Extra time'],
    ratios: [shareWith('On target %', 'Shot', 'Result: On target')],
  },
  {
    key: 'volleyball',
    name: 'Volleyball',
    sport: 'Volleyball',
    buttons: [
      instant('Serve', BLUE, 's', 2, 4),
      instant('Reception', TEAL, 'r', 2, 3),
      instant('Set', AMBER, 'e', 2, 2),
      instant('Attack', ORANGE, 'a', 3, 2),
      instant('Block', INDIGO, 'b', 3, 2),
      instant('Dig', GREEN, 'd', 3, 2),
      toggled('Rally', GREY, 'y'),
    ],
    labelGroups: [
      group('Quality', [
        ['Perfect', 'p'],
        ['Good', 'g'],
        ['Poor', 'o'],
        ['Error', 'x'],
      ]),
      group('Zone', [
        ['Zone 1', null],
        ['Zone 2', null],
        ['Zone 3', null],
        ['Zone 4', null],
        ['Zone 5', null],
        ['Zone 6', null],
      ]),
    ],
    periods: ['Set 1', 'Set 2', 'Set 3', 'Set 4', 'Set 5'],
    ratios: [],
  },
  {
    key: 'american-football',
    name: 'American football',
    sport: 'American football',
    buttons: [
      toggled('Offence play', BLUE, 'o'),
      toggled('Defence play', RED, 'd'),
      toggled('Special teams', PURPLE, 's'),
      instant('Penalty', AMBER, 'p', 5, 3),
      instant('Touchdown', GREEN, 't', 10, 5),
      instant('Turnover', ORANGE, 'u', 6, 3),
    ],
    labelGroups: [
      group('Play type', [
        ['Run', 'r'],
        ['Pass', 'a'],
        ['Kick', 'k'],
      ]),
      group('Result', [
        ['Gain', 'g'],
        ['Loss', 'l'],
        ['Incomplete', 'i'],
      ]),
    ],
    periods: ['Q1', 'Q2', 'Q3', 'Q4', 'OT'],
    ratios: [],
  },
  {
    key: 'ice-hockey',
    name: 'Ice hockey',
    sport: 'Ice hockey',
    buttons: [
      instant('Shot', ORANGE, 's', 5, 3),
      instant('Goal', GREEN, 'g', 10, 5),
      instant('Faceoff', BLUE, 'f', 1, 5),
      instant('Hit', INDIGO, 'h', 3, 2),
      instant('Giveaway', RED, 'v', 5, 3),
      instant('Takeaway', TEAL, 't', 4, 3),
      toggled('Power play', PURPLE, 'p'),
    ],
    labelGroups: [
      group('Result', [
        ['On net', 'n'],
        ['Missed', 'x'],
        ['Blocked', 'b'],
        ['Won', 'w'],
        ['Lost', 'l'],
      ]),
    ],
    periods: ['P1', 'P2', 'P3', 'OT'],
    ratios: [],
  },
  {
    key: 'rugby',
    name: 'Rugby',
    sport: 'Rugby',
    buttons: [
      instant('Scrum', BLUE, 's', 2, 10),
      instant('Lineout', TEAL, 'l', 2, 10),
      instant('Tackle', ORANGE, 't', 3, 2),
      instant('Ruck', AMBER, 'r', 3, 3),
      instant('Try', GREEN, 'y', 10, 5),
      instant('Penalty', PINK, 'p', 5, 3),
      instant('Kick', INDIGO, 'k', 3, 5),
      instant('Turnover', RED, 'u', 5, 3),
    ],
    labelGroups: [
      group('Result', [
        ['Won', 'w'],
        ['Lost', 'o'],
        ['Missed', 'x'],
      ]),
    ],
    periods: ['1st half', '2nd half'],
    ratios: [],
  },
  {
    key: 'tennis',
    name: 'Tennis',
    sport: 'Tennis',
    buttons: [
      instant('Serve', BLUE, 's', 2, 3),
      instant('Return', TEAL, 'r', 2, 3),
      instant('Forehand', ORANGE, 'f', 2, 2),
      instant('Backhand', AMBER, 'b', 2, 2),
      instant('Volley', INDIGO, 'v', 2, 2),
      toggled('Point', GREY, 'p'),
    ],
    labelGroups: [
      group('Result', [
        ['Winner', 'w'],
        ['Forced error', 'e'],
        ['Unforced error', 'u'],
        ['In play', 'i'],
      ]),
    ],
    periods: ['Set 1', 'Set 2', 'Set 3', 'Set 4', 'Set 5'],
    ratios: [],
  },
  {
    key: 'generic',
    name: 'Generic',
    sport: 'Any sport',
    buttons: [
      instant('Good', GREEN, 'g'),
      instant('Needs work', RED, 'n'),
      instant('Highlight', PURPLE, 'h'),
      toggled('Phase', GREY, 'p'),
    ],
    labelGroups: [
      group('Side', [
        ['Us', 'u'],
        ['Them', 't'],
      ]),
    ],
    periods: ['1st half', '2nd half'],
    ratios: [],
  },
];
