import type { TagButton } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { tagKeyAction, withLabel } from './tag-hotkeys';

const shot: TagButton = {
  name: 'Shot',
  colour: '#f76b15',
  hotkey: 's',
  leadSeconds: 5,
  lagSeconds: 3,
  mode: 'instant',
};
const template = {
  buttons: [shot],
  labelGroups: [
    {
      name: 'Result',
      labels: [
        { text: 'Made', hotkey: 'm' },
        { text: 'Missed', hotkey: 'x' },
      ],
    },
  ],
};

describe('tagKeyAction', () => {
  it('tags with a button’s letter, in either case', () => {
    expect(tagKeyAction({ key: 's' }, template, false)).toEqual({ type: 'tag', button: shot });
    expect(tagKeyAction({ key: 'S', shiftKey: true }, template, false)).toEqual({
      type: 'tag',
      button: shot,
    });
  });

  it('labels with a label’s letter and leaves other letters to the player', () => {
    expect(tagKeyAction({ key: 'x' }, template, false)).toEqual({
      type: 'label',
      group: 'Result',
      text: 'Missed',
    });
    expect(tagKeyAction({ key: 'k' }, template, false)).toBeNull();
  });

  it('types a shirt number, and Enter gives it only while one is typed', () => {
    expect(tagKeyAction({ key: '2' }, template, false)).toEqual({ type: 'digit', digit: '2' });
    expect(tagKeyAction({ key: 'Enter' }, template, true)).toEqual({ type: 'enter' });
    expect(tagKeyAction({ key: 'Enter' }, template, false)).toBeNull();
    expect(tagKeyAction({ key: 'Escape' }, template, true)).toEqual({ type: 'clear' });
  });

  it('undoes with Ctrl+Z or ⌘Z, and leaves other shortcuts alone', () => {
    expect(tagKeyAction({ key: 'z', ctrlKey: true }, template, false)).toEqual({ type: 'undo' });
    expect(tagKeyAction({ key: 'z', metaKey: true }, template, false)).toEqual({ type: 'undo' });
    expect(tagKeyAction({ key: 's', ctrlKey: true }, template, false)).toBeNull();
  });
});

describe('withLabel', () => {
  it('keeps one label per group, the newest', () => {
    expect(
      withLabel(
        [
          { group: 'Result', text: 'Made' },
          { group: 'Zone', text: 'Paint' },
        ],
        { group: 'Result', text: 'Missed' },
      ),
    ).toEqual([
      { group: 'Zone', text: 'Paint' },
      { group: 'Result', text: 'Missed' },
    ]);
  });
});
