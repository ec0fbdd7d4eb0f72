import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * React.lazy for a named export: `lazyComponent(() => import('./page').then((m) => m.Page))`.
 * The module becomes a chunk of its own that the browser fetches the first time it renders,
 * while the rest of the app keeps importing it by name.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return Object.assign(
    lazy(async () => ({ default: await load() })),
    {
      /** Starts fetching the chunk now; rendering later takes the same download. */
      preload: () => void load(),
    },
  );
}
