import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { dismissToast, useToast } from '@/components/ui/use-toast';

/** Renders the toast store; mounted once at the root of the app. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, open }) => {
        const Icon = variant === 'destructive' ? CircleAlertIcon : CircleCheckIcon;
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            onOpenChange={(nextOpen) => {
              if (!nextOpen) dismissToast(id);
            }}
          >
            <Icon
              aria-hidden
              className={
                variant === 'destructive'
                  ? 'mt-0.5 size-5 shrink-0'
                  : 'mt-0.5 size-5 shrink-0 text-primary'
              }
            />
            <div className="grid gap-1">
              {title ? <ToastTitle>{title}</ToastTitle> : null}
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
