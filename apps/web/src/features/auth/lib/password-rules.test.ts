import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/query-client';
import { MISSING_TOKEN_MESSAGE, PASSWORD_LINK_MESSAGES } from '@filmroom/contract/values';
import { passwordLinkProblem } from './password-rules';

describe('passwordLinkProblem', () => {
  it("returns the server's words for a link it refused", () => {
    const used = new ApiError(400, PASSWORD_LINK_MESSAGES.used);
    expect(passwordLinkProblem(used)).toBe(PASSWORD_LINK_MESSAGES.used);
    expect(passwordLinkProblem(new ApiError(400, MISSING_TOKEN_MESSAGE))).toBe(
      MISSING_TOKEN_MESSAGE,
    );
  });

  it('is null for other failures, which the form reports as usual', () => {
    expect(passwordLinkProblem(new ApiError(400, 'Password must be at least 8 characters'))).toBe(
      null,
    );
    expect(passwordLinkProblem(new ApiError(429, PASSWORD_LINK_MESSAGES.used))).toBe(null);
    expect(passwordLinkProblem(new Error(PASSWORD_LINK_MESSAGES.used))).toBe(null);
  });
});
