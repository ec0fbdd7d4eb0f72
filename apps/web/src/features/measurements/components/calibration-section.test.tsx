import { calibrate, type CalibrationLine } from '@filmroom/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heightMetres } from '../lib/height-calibration';
import { planeSpec } from '../lib/plane-calibration';
import { CalibrationSection, type CalibrationSession } from './calibration-section';

/** The side-view squat clip's picture: 620 × 720. */
const PICTURE = { width: 620, height: 720 };
/** A standing athlete drawn from the crown (8% down) to the soles (92% down): 605 px. */
const HEAD_TO_FOOT = { from: { x: 50, y: 8 }, to: { x: 50, y: 92 } };

/** The section's slice of a session, with the calibration worked out as the session does. */
function sessionWith(change: Partial<CalibrationSession> = {}): CalibrationSession {
  const basis = change.basis ?? 'known-length';
  const line = change.line === undefined ? HEAD_TO_FOOT : change.line;
  const heightText = change.heightText ?? '';
  const metresText = change.metresText ?? '';
  const metres = basis === 'athlete-height' ? heightMetres(heightText) : Number(metresText);
  const calibrationLine: CalibrationLine | null =
    line && metres && basis !== 'plane' ? { ...line, metres, basis } : null;
  const corners = change.corners ?? [];
  const planeChoice = change.planeChoice ?? 'basketball-key-fiba';
  const plane = planeSpec(corners, planeChoice, change.acrossText ?? '', change.alongText ?? '');
  const spec = basis === 'plane' ? plane.plane : calibrationLine;
  return {
    mode: 'idle',
    setMode: vi.fn(),
    line,
    metresText,
    setMetresText: vi.fn(),
    basis,
    setBasis: vi.fn(),
    heightText,
    setHeightText: vi.fn(),
    bentAtLine: null,
    calibration: spec ? calibrate(spec, PICTURE) : null,
    farFromPath: false,
    corners,
    setCorners: vi.fn(),
    planeChoice,
    setPlaneChoice: vi.fn(),
    acrossText: '',
    setAcrossText: vi.fn(),
    alongText: '',
    setAlongText: vi.fn(),
    planeProblem: basis === 'plane' ? plane.problem : null,
    pathUncertainty: null,
    ...change,
  };
}

const ATHLETES = [
  { id: 'me', name: 'You', heightCm: 183 },
  { id: 'sam', name: 'Sam Lifter', heightCm: 168 },
];

describe('CalibrationSection by the athlete’s height', () => {
  it('scales a head-to-foot line by the height, stating about 3% however long the line', () => {
    render(
      <CalibrationSection
        session={sessionWith({ basis: 'athlete-height', heightText: '183' })}
        editable
        athletes={ATHLETES}
      />,
    );
    // 1.83 m over 604.8 px: 3.03 mm a pixel; the pixel error (0.2%) is lost in the body's 3%.
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      '1 px = 3.03 mm on the athlete’s plane (±3.0%)',
    );
    const caveat = screen.getByTestId('height-uncertainty').textContent!;
    expect(caveat).toMatch(/±3\.0% at best/);
    expect(caveat).toMatch(/stands upright/);
    expect(caveat).toMatch(/crouched or leaning frame/);
    expect(screen.getByRole('button', { name: 'Redraw head to foot' })).toBeTruthy();
  });

  it('offers the profile heights, and asks for a height that is not one', async () => {
    const session = sessionWith({ basis: 'athlete-height', heightText: '1.83' });
    render(<CalibrationSection session={session} editable athletes={ATHLETES} />);
    // Metres typed where centimetres belong give no scale rather than a wrong one.
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      'Type the athlete’s height in centimetres (50–250).',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Height from a profile' }),
      'Sam Lifter (168 cm)',
    );
    expect(session.setHeightText).toHaveBeenCalledWith('168');
  });

  it('says where heights come from when there are none to pick', () => {
    render(
      <CalibrationSection
        session={sessionWith({ basis: 'athlete-height', line: null })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.queryByRole('combobox', { name: 'Height from a profile' })).toBeNull();
    expect(screen.getByText(/an athlete adds theirs in Settings, Profile/)).toBeTruthy();
    expect(screen.getByTestId('calibration-status').textContent).toMatch(
      /draw a line from the top of the athlete’s head to their soles/,
    );
  });

  it('warns when the scan sees the athlete bent on the line’s frame', () => {
    render(
      <CalibrationSection
        session={sessionWith({
          basis: 'athlete-height',
          heightText: '183',
          bentAtLine: { joint: 'Left knee', degrees: 96 },
        })}
        editable
        athletes={ATHLETES}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /bent on this frame \(left knee 96°, standing is about 180°\): redraw the line/,
    );
  });

  it('switches between the two ways by radio button', async () => {
    const session = sessionWith();
    render(<CalibrationSection session={session} editable athletes={ATHLETES} />);
    expect(screen.getByRole('radio', { name: 'Something of known length' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByTestId('height-uncertainty')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'The athlete’s height' }));
    expect(session.setBasis).toHaveBeenCalledWith('athlete-height');
  });
});

describe('CalibrationSection by a known length', () => {
  it('states the scale on the line’s plane and calls a short line rough', () => {
    // A 0.45 m plate drawn 20 px long: 2 px of placing error is 7%.
    const short = { from: { x: 50, y: 50 }, to: { x: 53.2258, y: 50 } };
    render(
      <CalibrationSection
        session={sessionWith({ line: short, metresText: '0.45' })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      '1 px = 22.50 mm on the plane of the line (±7.1%) — a short line: draw a longer one for steadier numbers.',
    );
  });

  it('warns when the line is far from the measured path, and not otherwise', () => {
    const { rerender } = render(
      <CalibrationSection session={sessionWith({ metresText: '0.45' })} editable athletes={[]} />,
    );
    expect(screen.queryByTestId('far-from-plane')).toBeNull();
    rerender(
      <CalibrationSection
        session={sessionWith({ metresText: '0.45', farFromPath: true })}
        editable
        athletes={[]}
      />,
    );
    const warning = screen.getByTestId('far-from-plane');
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toMatch(/far in the picture from the measured path/);
    expect(warning.textContent).toMatch(/off by the ratio of those distances/);
  });

  it('shows a viewer the scale without the drawing controls', () => {
    render(
      <CalibrationSection
        session={sessionWith({ metresText: '0.45' })}
        editable={false}
        athletes={[]}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByTestId('calibration-status').textContent).toMatch(/^1 px = /);
  });
});

/** A FIBA key seen from behind the end line: its far side narrower than its near one. */
const KEY_CORNERS = [
  { x: 35, y: 40 },
  { x: 62, y: 40 },
  { x: 72, y: 75 },
  { x: 25, y: 75 },
];

describe('CalibrationSection on a court marking', () => {
  it('offers the plane as a third way, by radio button', async () => {
    const session = sessionWith();
    render(<CalibrationSection session={session} editable athletes={[]} />);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(screen.getByRole('radio', { name: 'A court marking on the ground' }));
    expect(session.setBasis).toHaveBeenCalledWith('plane');
  });

  it('asks for the corners one by one, then states the scale on the ground', () => {
    const { rerender } = render(
      <CalibrationSection session={sessionWith({ basis: 'plane' })} editable athletes={[]} />,
    );
    expect(screen.getByTestId('calibration-status').textContent).toMatch(
      /^Not calibrated: mark the four corners/,
    );
    expect(screen.getByTestId('plane-preset-note').textContent).toMatch(
      /Corner 1 to 2 runs along the end line \(4\.9 m\).*FIBA Official Basketball Rules/,
    );
    rerender(
      <CalibrationSection
        session={sessionWith({ basis: 'plane', corners: KEY_CORNERS.slice(0, 2) })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      'Corner 3 of 4: click it on the picture.',
    );
    rerender(
      <CalibrationSection
        session={sessionWith({ basis: 'plane', corners: KEY_CORNERS })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.getByTestId('calibration-status').textContent).toMatch(
      /^1 px = up to \d+\.\d mm on the ground at the rectangle’s centre \(±\d+\.\d%\)$/,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names what is wrong with crossed corners', () => {
    const [a, b, c, d] = KEY_CORNERS;
    render(
      <CalibrationSection
        session={sessionWith({ basis: 'plane', corners: [a!, b!, d!, c!] })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The corners are marked crosswise: mark them in order around the rectangle.',
    );
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      'These corners are not a rectangle on the ground.',
    );
  });

  it('says where the path runs far from the rectangle, where the plane is rough', () => {
    render(
      <CalibrationSection
        session={sessionWith({ basis: 'plane', corners: KEY_CORNERS, pathUncertainty: 0.12 })}
        editable
        athletes={[]}
      />,
    );
    expect(screen.getByTestId('calibration-status').textContent).toMatch(
      /but ±12\.0% where the path runs, far from the rectangle: mark a larger one/,
    );
  });

  it('takes another rectangle’s two sides, and starts marking from none', async () => {
    const session = sessionWith({ basis: 'plane', planeChoice: 'custom', corners: KEY_CORNERS });
    render(<CalibrationSection session={session} editable athletes={[]} />);
    expect(screen.getByTestId('calibration-status').textContent).toBe(
      'Type the rectangle’s two sides in metres.',
    );
    await userEvent.type(screen.getByLabelText('Corner 1 to 2 (m)'), '5');
    expect(session.setAcrossText).toHaveBeenCalledWith('5');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Court marking' }),
      'tennis-service-box',
    );
    expect(session.setPlaneChoice).toHaveBeenCalledWith('tennis-service-box');
    await userEvent.click(screen.getByRole('button', { name: 'Mark corners again' }));
    expect(session.setCorners).toHaveBeenCalledWith([]);
    expect(session.setMode).toHaveBeenCalledWith('cornering');
  });
});
