import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cosineSimilarity, detectPeopleInImage, faceEmbedding } from '../src/index';
import type { Keypoint, PeopleInImage } from '../src/index';
import { fixture } from './fixtures';

const PHOTOS = [
  'three_people.jpg',
  'face_obama_1.jpg',
  'face_obama_2.jpg',
  'pose_yoga_single_person.jpg',
  'sport_baseball_pitch.jpg',
  'sport_tennis_forehand.jpg',
];

function point(keypoints: Keypoint[], name: string): Keypoint {
  const found = keypoints.find((k) => k.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

describe('detectPeopleInImage on real photos', () => {
  const results = new Map<string, PeopleInImage>();

  it('finds people in every photo, and at least three in three_people.jpg', async () => {
    for (const name of PHOTOS) {
      const result = await detectPeopleInImage(fixture(`images/${name}`));
      results.set(name, result);
      expect(result.people.length, name).toBeGreaterThanOrEqual(1);
      for (const person of result.people) {
        expect(person.keypoints).toHaveLength(17);
        for (const value of [...person.box, ...person.keypoints.flatMap((k) => [k.x, k.y])]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(results.get('three_people.jpg')!.people.length).toBeGreaterThanOrEqual(3);
    // Grey, cream and pale blue shirts: never named as a strong colour.
    const calm = ['Grey', 'White', 'Sky Blue', 'Blue', 'Navy', 'Black'];
    for (const person of results.get('three_people.jpg')!.people) {
      if (person.jerseyColor) expect(calm).toContain(person.jerseyColor.name);
    }
  });

  it('puts the nose above the hips and the shoulders above the knees of a standing person', () => {
    for (const name of ['pose_yoga_single_person.jpg', 'sport_tennis_forehand.jpg']) {
      const people = results.get(name)?.people ?? [];
      const main = [...people].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
      expect(main, name).toBeDefined();
      const kp = main!.keypoints;
      const hipY = (point(kp, 'left_hip').y + point(kp, 'right_hip').y) / 2;
      const shoulderY = (point(kp, 'left_shoulder').y + point(kp, 'right_shoulder').y) / 2;
      const kneeY = (point(kp, 'left_knee').y + point(kp, 'right_knee').y) / 2;
      expect(point(kp, 'nose').score, name).toBeGreaterThan(0.3);
      expect(point(kp, 'nose').y, name).toBeLessThan(hipY);
      expect(shoulderY, name).toBeLessThan(kneeY);
      // The keypoints lie on the person the box encloses.
      const [x, y, w, h] = main!.box;
      expect(point(kp, 'nose').x).toBeGreaterThan(x - 0.05);
      expect(point(kp, 'nose').x).toBeLessThan(x + w + 0.05);
      expect(hipY).toBeGreaterThan(y);
      expect(hipY).toBeLessThan(y + h);
    }
  });

  it('matches two photos of the same man better than the faces in three_people.jpg', async () => {
    const first = await faceEmbedding(fixture('images/face_obama_1.jpg'));
    // Bytes work as well as paths (profile photos arrive as uploads).
    const second = await faceEmbedding(readFileSync(fixture('images/face_obama_2.jpg')));
    expect(first?.embedding).toHaveLength(1024);
    expect(second?.embedding).toHaveLength(1024);
    const others = (results.get('three_people.jpg')?.people ?? [])
      .map((p) => p.face?.embedding)
      .filter((e): e is number[] => !!e);
    expect(others.length).toBeGreaterThanOrEqual(2);
    const same = cosineSimilarity(first!.embedding!, second!.embedding!);
    for (const other of others) {
      expect(same).toBeGreaterThan(cosineSimilarity(first!.embedding!, other));
      expect(same).toBeGreaterThan(cosineSimilarity(second!.embedding!, other));
    }
  });

  it('embeds no face too small to tell people apart', async () => {
    // The baseball photo's only face is the batter's in the background, about 23 px across.
    expect(await faceEmbedding(fixture('images/sport_baseball_pitch.jpg'))).toBeUndefined();
    // The yoga photo's face is about 61 px wide at its 1000 px, 39 px when analysed at 640.
    const large = results.get('pose_yoga_single_person.jpg')!.people[0]!.face;
    expect(large?.embedding).toHaveLength(1024);
    const small = await detectPeopleInImage(fixture('images/pose_yoga_single_person.jpg'), {
      maxWidth: 640,
    });
    expect(small.people[0]!.face).toBeDefined();
    expect(small.people[0]!.face!.embedding).toBeUndefined();
  });
});
