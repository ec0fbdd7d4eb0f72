import { describe, expect, it } from 'vitest';
import { compareKeyAction } from './compare-keys';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});
const on = (tagName: string) => ({ tagName, isContentEditable: false });

describe('compareKeyAction', () => {
  it('plays, steps and nudges from the page', () => {
    expect(compareKeyAction(press(' '), on('BODY'))).toBe('toggle');
    expect(compareKeyAction(press(','), null)).toBe('previous-frame');
    expect(compareKeyAction(press('.'), on('DIV'))).toBe('next-frame');
    expect(compareKeyAction(press('['), on('DIV'))).toBe('nudge-b-back');
    expect(compareKeyAction(press(']'), on('DIV'))).toBe('nudge-b-forward');
  });

  it('leaves Space to a focused button and typing to text fields', () => {
    expect(compareKeyAction(press(' '), on('BUTTON'))).toBeNull();
    expect(compareKeyAction(press(' '), on('INPUT'))).toBeNull();
    expect(compareKeyAction(press('.'), on('TEXTAREA'))).toBeNull();
    expect(compareKeyAction(press('.'), { tagName: 'DIV', isContentEditable: true })).toBeNull();
  });

  it('still steps frames from the timeline slider', () => {
    const slider = { ...on('INPUT'), type: 'range' };
    expect(compareKeyAction(press(','), slider)).toBe('previous-frame');
    expect(compareKeyAction(press(' '), slider)).toBeNull();
    expect(compareKeyAction(press(','), { ...on('INPUT'), type: 'search' })).toBeNull();
  });

  it('ignores other keys and shortcuts with modifiers', () => {
    expect(compareKeyAction(press('k'), on('BODY'))).toBeNull();
    expect(compareKeyAction(press('.', { ctrlKey: true }), on('BODY'))).toBeNull();
  });
});
