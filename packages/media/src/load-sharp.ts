import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded at its first use and kept. Importing it maps libvips, starts its threads and
 * costs an idle process about 27 MiB of RSS; most processes (the API, a worker that has seen no
 * video) never draw a picture, so nothing imports sharp at start.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
