import type { Database } from '../../db/connection';
import type { UserRow } from '../../db/schema';
import { holdsPermission } from '../access';

// How long a viewer's right to hear about a video is trusted before it is checked again. When
// access ends (endAccess) every process forgets it at once, so this only bounds the queries.
const ACCESS_CACHE_MS = 10_000;

/**
 * Which videos' events one viewer's open stream may carry: those of videos the viewer may see,
 * checked by the one access rule, without a query for every event of a busy video.
 */
export class EventAudience {
  private readonly allowed = new Map<string, { ok: boolean; at: number }>();
  // Bumped when the viewer's access ends: an answer to a question asked before then is not
  // kept, so nothing allowed before the removal is trusted after it.
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly viewer: UserRow,
  ) {}

  async mayHear(videoId: string): Promise<boolean> {
    const cached = this.allowed.get(videoId);
    if (cached && Date.now() - cached.at < ACCESS_CACHE_MS) return cached.ok;
    const asked = this.generation;
    const ok = await holdsPermission(this.db, this.viewer, 'video.read', videoId);
    if (asked === this.generation) this.allowed.set(videoId, { ok, at: Date.now() });
    return ok;
  }

  /** The viewer's access ended somewhere: every answer is asked again. */
  forget(): void {
    this.generation += 1;
    this.allowed.clear();
  }
}
