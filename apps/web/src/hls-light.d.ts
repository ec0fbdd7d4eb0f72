// hls.js ships its light build without declarations of its own: it is the same API, less the
// features a FilmRoom ladder never uses (alternate audio, subtitles, DRM).
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
