import * as contract from '@filmroom/contract';
import type { CoachStudentLink } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  addStudentProblem,
  pendingInvitationsHint,
  searchStudents,
  STUDENT_EMAIL_REQUIRED_MESSAGE,
  studentChanges,
} from './roster';

const link = (name: string, username: string): CoachStudentLink => ({
  id: `link-${username}`,
  studentId: `student-${username}`,
  student: { name, username, avatarUrl: null, heightCm: null },
  invitationPending: false,
  status: 'accepted',
});

const roster = [
  link('Maya Okafor', 'maya@example.com'),
  link('Jordan Lee', 'jlee@club.org'),
  link('Sam Rivera', 'sam.rivera@example.com'),
];

describe('addStudentProblem', () => {
  it('asks for an e-mail when it is blank after trimming', () => {
    expect(addStudentProblem('')).toBe('Please enter a student email');
    expect(addStudentProblem('   ')).toBe('Please enter a student email');
    expect(addStudentProblem(' maya@example.com ')).toBe(null);
  });

  it('uses the words of the server contract', () => {
    expect(STUDENT_EMAIL_REQUIRED_MESSAGE).toBe(contract.STUDENT_EMAIL_REQUIRED_MESSAGE);
  });
});

describe('searchStudents', () => {
  it('matches the name, ignoring case', () => {
    expect(searchStudents(roster, 'JORDAN').map((l) => l.student.name)).toEqual(['Jordan Lee']);
  });

  it('matches the e-mail', () => {
    expect(searchStudents(roster, 'example.com').map((l) => l.student.name)).toEqual([
      'Maya Okafor',
      'Sam Rivera',
    ]);
  });

  it('lists everyone for a blank search and nobody for no match', () => {
    expect(searchStudents(roster, '  ')).toHaveLength(3);
    expect(searchStudents(roster, 'zz')).toEqual([]);
  });
});

describe('studentChanges', () => {
  const current = { name: 'Maya Okafor', username: 'maya@example.com' };

  it('sends what was typed, trimmed', () => {
    expect(studentChanges({ name: ' Maya O. ', email: ' maya.o@example.com ' }, current)).toEqual({
      name: 'Maya O.',
      email: 'maya.o@example.com',
    });
  });

  it('keeps the current values for blank fields', () => {
    expect(studentChanges({ name: ' ', email: '' }, current)).toEqual({
      name: 'Maya Okafor',
      email: 'maya@example.com',
    });
  });
});

describe('pendingInvitationsHint', () => {
  it('counts the invitations nobody answered, apart from the athletes', () => {
    expect(
      pendingInvitationsHint([{ status: 'accepted' }, { status: 'declined' }]),
    ).toBeUndefined();
    expect(pendingInvitationsHint([{ status: 'pending' }, { status: 'accepted' }])).toBe(
      '1 invitation pending',
    );
    expect(pendingInvitationsHint([{ status: 'pending' }, { status: 'pending' }])).toBe(
      '2 invitations pending',
    );
  });
});
