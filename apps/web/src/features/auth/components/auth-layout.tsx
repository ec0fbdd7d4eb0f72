import { ArrowLeftIcon, ClapperboardIcon, MessageSquareTextIcon, Share2Icon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';

const HIGHLIGHTS: { icon: LucideIcon; text: string }[] = [
  { icon: ClapperboardIcon, text: 'Analysis and coaching points built from what the camera saw' },
  { icon: MessageSquareTextIcon, text: 'Text and voice notes pinned to the exact moment' },
  { icon: Share2Icon, text: 'Share clips by e-mail with view or edit access' },
];

/** Halfway line, centre circle and penalty boxes, drawn faintly behind the brand panel. */
function PitchLines() {
  return (
    <svg
      viewBox="0 0 600 800"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      className="pointer-events-none absolute inset-0 size-full text-white/[0.07]"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    >
      <rect x="40" y="40" width="520" height="720" rx="4" />
      <line x1="40" y1="400" x2="560" y2="400" />
      <circle cx="300" cy="400" r="90" />
      <circle cx="300" cy="400" r="5" fill="currentColor" />
      <rect x="170" y="40" width="260" height="120" />
      <rect x="230" y="40" width="140" height="50" />
      <rect x="170" y="640" width="260" height="120" />
      <rect x="230" y="710" width="140" height="50" />
    </svg>
  );
}

function BrandPanel() {
  return (
    <aside
      aria-label="About FilmRoom"
      className="relative hidden overflow-hidden bg-sidebar text-sidebar-foreground lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16"
    >
      <PitchLines />
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-signal/15 blur-3xl"
      />
      <Logo surface="dark" className="relative" />
      <div className="relative grid max-w-lg gap-8">
        <p className="font-display text-4xl leading-[1.1] font-extrabold tracking-tight xl:text-5xl">
          <span className="block">Every rep on film.</span>
          <span className="block text-signal">Every note grounded.</span>
        </p>
        <ul className="grid gap-4">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sidebar-muted-foreground">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-sidebar-accent text-signal">
                <Icon className="size-4.5" aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-sidebar-muted-foreground">
        Open source and self-hosted: your team&apos;s film stays on your server.
      </p>
    </aside>
  );
}

type AuthLayoutProps = {
  /** The browser tab's title, before " · FilmRoom". */
  title: string;
  children: ReactNode;
};

/**
 * The signed-out screens (sign in, forgot password, set a password): the brand panel beside a
 * narrow column, or the column alone on a phone.
 */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)]">
      <title>{`${title} · FilmRoom`}</title>
      <BrandPanel />
      <main className="flex flex-col items-center justify-center px-5 py-10 sm:px-10">
        <div className="grid w-full max-w-sm gap-10">
          <Logo className="justify-self-center lg:hidden" />
          {children}
        </div>
      </main>
    </div>
  );
}

/** The way back from the password screens. */
export function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        Back to Sign In
      </Link>
    </p>
  );
}
