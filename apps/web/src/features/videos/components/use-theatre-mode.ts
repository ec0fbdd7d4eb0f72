import { useState } from 'react';

const STORAGE_KEY = 'filmroom:theatre-mode';

function readStored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    // Storage blocked (a private window's settings): start in the default layout.
    return false;
  }
}

/**
 * Theatre mode on the video page: the player spans the content width and the panels move
 * below it. Remembered on this device for the next video.
 */
export function useTheatreMode() {
  const [on, setOn] = useState(readStored);
  const onToggle = () => {
    const next = !on;
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Not remembered; the layout still changes for this visit.
    }
  };
  return { on, onToggle };
}
