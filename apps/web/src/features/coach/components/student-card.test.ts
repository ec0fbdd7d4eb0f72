import type { CoachStudentLink } from '@filmroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StudentCard } from './student-card';

const card = (avatarUrl: string | null): CoachStudentLink => ({
  id: '7b0f3c43-2b0d-4a53-9d4c-5e0f2f4f0a11',
  studentId: '0c7d5b0e-8e7e-4b1e-a8c9-3e1f1d2c4b55',
  student: { name: 'Maya Okafor', username: 'maya@example.com', avatarUrl, heightCm: null },
  invitationPending: false,
  status: 'accepted',
});

const rendered = (link: CoachStudentLink) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(StudentCard, { link }),
    ),
  );

describe('StudentCard', () => {
  it("shows the athlete's profile photo when they have one", () => {
    const html = rendered(card('/uploads/users/0c7d/photos/face.jpg'));
    expect(html).toContain('<img src="/uploads/users/0c7d/photos/face.jpg" alt=""');
    expect(html).not.toContain('>MO<');
  });

  it('falls back to their initials without one', () => {
    const html = rendered(card(null));
    expect(html).not.toContain('<img');
    expect(html).toContain('>MO<');
  });
});
