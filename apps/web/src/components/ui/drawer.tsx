import type { ComponentProps } from 'react';
import { Drawer as DrawerPrimitive } from 'vaul';
import { cn } from '@/lib/utils';

/*
 * Spec §9 drawer constants. vaul takes the close threshold and the scroll-lock time-out as
 * props (set here explicitly); the rest are fixed inside vaul 1.1 and already match the spec:
 * 0.5 s animation (TRANSITIONS.DURATION), 26 px background scale offset (WINDOW_TOP_OFFSET,
 * used when shouldScaleBackground is on), 250 ms handle long-press (LONG_HANDLE_PRESS_TIMEOUT)
 * and 120 ms click delay (DOUBLE_TAP_TIMEOUT) on <DrawerHandle>.
 */
const DRAWER_CLOSE_THRESHOLD = 0.25;
const DRAWER_SCROLL_LOCK_TIMEOUT_MS = 100;

export function Drawer({
  shouldScaleBackground = true,
  closeThreshold = DRAWER_CLOSE_THRESHOLD,
  scrollLockTimeout = DRAWER_SCROLL_LOCK_TIMEOUT_MS,
  ...props
}: ComponentProps<typeof DrawerPrimitive.Root>) {
  return (
    <DrawerPrimitive.Root
      shouldScaleBackground={shouldScaleBackground}
      closeThreshold={closeThreshold}
      scrollLockTimeout={scrollLockTimeout}
      {...props}
    />
  );
}

export const DrawerTrigger = DrawerPrimitive.Trigger;
export const DrawerClose = DrawerPrimitive.Close;

function DrawerOverlay({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Overlay>) {
  return (
    <DrawerPrimitive.Overlay
      data-slot="drawer-overlay"
      className={cn('fixed inset-0 z-50 bg-black/60', className)}
      {...props}
    />
  );
}

/** The grab bar; vaul's long-press and click-delay timings live on this element. */
function DrawerHandle({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Handle>) {
  return (
    <DrawerPrimitive.Handle
      className={cn('mx-auto mt-3 mb-1 shrink-0 bg-muted-foreground/40!', className)}
      {...props}
    />
  );
}

export function DrawerContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DrawerPrimitive.Content>) {
  return (
    <DrawerPrimitive.Portal>
      <DrawerOverlay />
      <DrawerPrimitive.Content
        data-slot="drawer-content"
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 mt-24 flex max-h-[85svh] flex-col rounded-t-2xl border-t bg-background outline-none',
          className,
        )}
        {...props}
      >
        <DrawerHandle />
        {children}
      </DrawerPrimitive.Content>
    </DrawerPrimitive.Portal>
  );
}

export function DrawerHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1 px-4 pt-2 pb-3', className)} {...props} />;
}

export function DrawerFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-auto flex flex-col gap-2 p-4', className)} {...props} />;
}

export function DrawerTitle({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Title>) {
  return (
    <DrawerPrimitive.Title
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DrawerDescription({
  className,
  ...props
}: ComponentProps<typeof DrawerPrimitive.Description>) {
  return (
    <DrawerPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
