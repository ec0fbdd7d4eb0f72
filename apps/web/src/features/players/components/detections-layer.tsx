import type { PlayerDetection } from '@filmroom/contract';
import type { KeyboardEvent } from 'react';
import type { Rect } from '@/lib/content-box';
import { pointInRect } from '@/lib/content-box';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { usePlayer } from '../api/get-player';
import { peopleOnPicture, type PersonOnPicture } from '../lib/detections-on-picture';

type DetectionsLayerProps = {
  viewer: { picture: Rect; frame: { width: number; height: number }; currentTime: number };
  /** The detections of the scan the Players tab shows. */
  detections: readonly PlayerDetection[];
  /** The person hovered or focused here or in the list (see `personKey`). */
  hovered: string | null;
  onHover: (key: string | null) => void;
  /** The person whose row is pressed in the list. */
  pickedKey: string | null;
  /** A box clicked: the page names the person (editors) or picks their row. */
  onChoose: (person: PersonOnPicture, name: string) => void;
  /** Editors may name people by clicking them; viewers only pick them. */
  editable: boolean;
};

// Strokes stay this wide whatever the picture's size: drawn in frame pixels, like the guides.
const STROKE_PX = 2;
const HIGHLIGHT_STROKE_PX = 4;
const LABEL_SIZE_PX = 13;
const LABEL_INSET_PX = 6;
// The viewer's toolbar covers the top 56 px of the frame: a name there would be hidden.
const TOOLBAR_CLEARANCE_PX = 56;

/**
 * Over the picture, while the Players tab is open: a box around each person detected near the
 * playback time, named, and the way their feet came over the last two seconds. A box and the
 * person's rows in the list light up together, whichever is hovered or focused.
 */
export function DetectionsLayer({
  viewer,
  detections,
  hovered,
  onHover,
  pickedKey,
  onChoose,
  editable,
}: DetectionsLayerProps) {
  const people = peopleOnPicture(detections, viewer.currentTime);
  if (people.length === 0 || viewer.frame.width === 0) return null;
  return (
    <svg
      data-testid="detections-layer"
      aria-label="People detected on the video"
      role="group"
      className="pointer-events-none absolute inset-0 z-[6] size-full drop-shadow-[0_1px_2px_rgb(0_0_0/0.8)]"
      viewBox={`0 0 ${viewer.frame.width} ${viewer.frame.height}`}
    >
      {people.map((person) => (
        <PersonBox
          key={person.key}
          person={person}
          picture={viewer.picture}
          lit={person.key === hovered || person.key === pickedKey}
          onHover={onHover}
          onChoose={onChoose}
          editable={editable}
        />
      ))}
    </svg>
  );
}

function PersonBox({
  person,
  picture,
  lit,
  onHover,
  onChoose,
  editable,
}: {
  person: PersonOnPicture;
  picture: Rect;
  lit: boolean;
  onHover: (key: string | null) => void;
  onChoose: (person: PersonOnPicture, name: string) => void;
  editable: boolean;
}) {
  const { detection, path, key } = person;
  const player = usePlayer(detection.playerMatchId);
  const name = detection.playerMatchId ? (player.data?.name ?? '…') : 'Unidentified Player';
  const [x, y, width, height] = detection.box;
  const corner = pointInRect(picture, x, y);
  const size = { width: width * picture.width, height: height * picture.height };
  const way = path.map((foot) => pointInRect(picture, foot.x, foot.y));
  const nameable = editable && detection.trackId !== undefined;
  const label = `${name} at ${formatPointTimestamp(detection.timestamp)}${nameable ? ': name this person' : ''}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onChoose(person, name);
  };
  return (
    <g
      data-testid="detection-box"
      data-person={key}
      data-lit={lit}
      role="button"
      tabIndex={0}
      aria-label={label}
      className={cn(
        'pointer-events-auto cursor-pointer outline-none',
        lit ? 'text-signal' : 'text-white',
      )}
      onPointerEnter={() => onHover(key)}
      onPointerLeave={() => onHover(null)}
      onFocus={() => onHover(key)}
      onBlur={() => onHover(null)}
      onClick={(event) => {
        // The picture under the box plays and pauses on a click: a box is not the picture.
        event.stopPropagation();
        onChoose(person, name);
      }}
      onKeyDown={onKeyDown}
    >
      {way.length > 1 ? (
        <polyline
          points={way.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth={STROKE_PX}
          strokeDasharray="6 4"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity={0.85}
        />
      ) : null}
      <rect
        {...corner}
        {...size}
        rx={4}
        fill="currentColor"
        fillOpacity={lit ? 0.16 : 0.04}
        stroke="currentColor"
        strokeWidth={lit ? HIGHLIGHT_STROKE_PX : STROKE_PX}
        // A transparent inside still takes the pointer: the whole person is the target.
        pointerEvents="all"
      />
      {/* A dark outline keeps the name legible on a bright picture and on a dark one. */}
      <text
        x={Math.max(0, corner.x) + LABEL_INSET_PX}
        y={Math.max(corner.y, TOOLBAR_CLEARANCE_PX) + LABEL_INSET_PX + LABEL_SIZE_PX}
        fill="currentColor"
        stroke="rgb(0 0 0 / 0.85)"
        strokeWidth={3}
        paintOrder="stroke"
        fontSize={LABEL_SIZE_PX}
        fontWeight={600}
        aria-hidden
      >
        {name}
      </text>
    </g>
  );
}
