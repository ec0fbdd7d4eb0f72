import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Which surface the logo sits on: the tile flips to lime on dark panels to stay visible. */
type LogoSurface = 'light' | 'dark';

// A film frame: a rounded tile with sprocket holes cut out (even-odd fill), so whatever is
// behind the logo shows through them.
const FRAME_PATH =
  'M8 3h16a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H8a6 6 0 0 1-6-6V9a6 6 0 0 1 6-6Z' +
  'M5 8v2.5h2.5V8ZM5 14.75v2.5h2.5v-2.5ZM5 21.5V24h2.5v-2.5Z' +
  'M24.5 8v2.5H27V8ZM24.5 14.75v2.5H27v-2.5ZM24.5 21.5V24H27v-2.5Z';
const PLAY_PATH =
  'M12.5 10.6c0-1 1.1-1.6 1.9-1.1l7.3 4.9c.8.5.8 1.7 0 2.2l-7.3 4.9c-.8.5-1.9-.1-1.9-1.1Z';

type LogoMarkProps = ComponentProps<'svg'> & { surface?: LogoSurface };

/** The FilmRoom mark: a play button inside a film frame. Decorative; pair it with the name. */
export function LogoMark({ surface = 'light', className, ...props }: LogoMarkProps) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <path
        d={FRAME_PATH}
        fillRule="evenodd"
        className={surface === 'dark' ? 'fill-signal' : 'fill-primary'}
      />
      <path
        d={PLAY_PATH}
        className={surface === 'dark' ? 'fill-signal-foreground' : 'fill-signal'}
      />
    </svg>
  );
}

type LogoProps = ComponentProps<'span'> & {
  surface?: LogoSurface;
  /** Hide the word "FilmRoom" visually (collapsed sidebar); it stays for screen readers. */
  compact?: boolean;
};

/** Mark plus wordmark: the product's name as people see it everywhere. */
export function Logo({ surface = 'light', compact = false, className, ...props }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)} {...props}>
      <LogoMark surface={surface} />
      <span
        className={cn(
          'font-display text-xl leading-none font-extrabold tracking-tight',
          compact && 'sr-only',
        )}
      >
        Film
        <span className={surface === 'dark' ? 'text-signal' : 'text-primary'}>Room</span>
      </span>
    </span>
  );
}
