import { readdirSync, readFileSync } from 'node:fs';
import { CAMERA_VIEWS, MOVEMENTS, type CameraView } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { squatsScan } from '../../testing';
import { holdSet, jumpSet, squatSet } from '../../testing/synthetic-athlete';
import type { PoseScan } from '../pose';
import { athleteFrom } from './athlete';
import { CATALOGUE, moduleFor } from './catalogue';
import type { MovementModule } from './types';
import { estimateView } from './view';

/**
 * The checklist a movement passes to join the catalogue: everything the rest of the coach reads
 * about a movement comes from its module, so a module missing a piece is caught here, not by a
 * coach meeting a blank answer.
 */

const SCANS: [string, PoseScan][] = [
  ['the real squats clip', squatsScan()],
  ['synthetic squats', squatSet([{ bottomKneeAngle: 80 }, { bottomKneeAngle: 120 }])],
  [
    'synthetic jumps with an arm swing',
    jumpSet([
      { airTime: 0.5, landingKneeAngle: 120, arms: { raise: 170, elbowAngle: 170 } },
      { airTime: 0.45, landingKneeAngle: 150, arms: { raise: 170, elbowAngle: 170 } },
    ]),
  ],
  ['a synthetic balance hold', holdSet({ seconds: 6, sway: 0.02, armsSweepAt: 3 })],
];
const athletes = SCANS.map(([name, scan]) => ({
  name,
  athlete: athleteFrom(scan.tracks[0]!, scan)!,
}));
const VIEWS = new Set<CameraView>(CAMERA_VIEWS.map((view) => view.id));

/** Every metric key the module's read() produces on any of the scans, from any view. */
function metricsRead(module: MovementModule): Set<string> {
  const keys = new Set<string>();
  for (const { athlete } of athletes) {
    for (const view of module.views) {
      const reading = module.read(athlete, {
        view,
        timeScale: 1,
        timeDeclared: false,
        timeInferred: false,
      });
      for (const metric of reading.metrics) keys.add(metric.key);
    }
  }
  return keys;
}

/** The metric keys written in a movement's folder (`key: 'cadence'`), read from its source. */
function metricsWritten(id: string): string[] {
  const folder = new URL(`./${id.replaceAll('_', '-')}/`, import.meta.url);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [
      ...readFileSync(new URL(file, folder), 'utf8').matchAll(/\bkey: '([a-z_]+)'/g),
    ])
    .map((match) => match[1]!);
}

describe('the movement checklist', () => {
  it('has one module per movement of the contract, in its order, with its label and sport', () => {
    expect(CATALOGUE.map((module) => module.id)).toEqual(MOVEMENTS.map((movement) => movement.id));
    for (const movement of MOVEMENTS) {
      const module = moduleFor(movement.id);
      expect(module, movement.id).toBeDefined();
      expect(module!.label, movement.id).toBe(movement.label);
      expect(module!.sport, movement.id).toBe(movement.sport);
    }
  });

  // The general reading is what is left when nothing fits: no rubric, nothing counted, no name.
  const rubrics = CATALOGUE.filter((module) => module.id !== 'general');

  describe.each(rubrics.map((module) => [module.id, module] as const))('%s', (id, module) => {
    it('has phases a question can point at, and faults each with a cue and drills', () => {
      expect(module.phases.length).toBeGreaterThan(0);
      for (const phase of module.phases) {
        expect(phase.label, phase.event).not.toBe('');
        expect(phase.about, phase.event).not.toBe('');
        expect(phase.words.test(phase.label), `${phase.event}: its own label`).toBe(true);
      }
      // Yoga coaches any held pose; it has no fault of its own to name.
      if (id !== 'yoga') expect(module.faults.length).toBeGreaterThan(0);
      for (const fault of module.faults) {
        expect(fault.title, fault.id).not.toBe('');
        expect(fault.cue, fault.id).not.toBe('');
        expect(fault.drills.length, fault.id).toBeGreaterThan(0);
        for (const drill of fault.drills) expect(drill.how, drill.name).not.toBe('');
      }
    });

    it('names its repetitions, the words that name it, its views and its chart', () => {
      expect(module.repetition?.one).toMatch(/^[a-z]+$/);
      expect(module.repetition?.many).toMatch(/^[a-z]+s$/);
      expect(module.namedBy).not.toBeNull();
      expect(module.namedBy!.words.test(module.label.toLowerCase()), 'its own label').toBe(true);
      expect(module.views.length).toBeGreaterThan(0);
      for (const view of module.views) expect(VIEWS.has(view), view).toBe(true);
      expect(['knee_angle', 'elbow_angle', 'hand_height', 'hip_height']).toContain(module.chart);
    });

    it('reports only the views it is named in', () => {
      for (const { name, athlete } of athletes) {
        expect([...module.views, 'unknown'], name).toContain(estimateView(athlete, module).view);
      }
    });

    it('judges each fault by a metric its reading produces', () => {
      const read = metricsRead(module);
      // A fault the test scans do not reach (a golf head move, a serve's trophy knee) must at
      // least name a metric its folder's reading writes, so a misspelt key cannot hide.
      const written = metricsWritten(id);
      for (const fault of module.faults) {
        expect([...read, ...written], fault.id).toContain(fault.metric);
      }
    });
  });

  it('gives each movement its own instruction precedence', () => {
    const precedences = rubrics.map((module) => module.namedBy!.precedence);
    expect(new Set(precedences).size).toBe(precedences.length);
  });

  it('keeps the general reading without a rubric, a count or a name', () => {
    const general = moduleFor('general')!;
    expect(general.faults).toEqual([]);
    expect(general.repetition).toBeNull();
    expect(general.namedBy).toBeNull();
    expect(general.sportOwnsClip).toBe(false);
  });
});
