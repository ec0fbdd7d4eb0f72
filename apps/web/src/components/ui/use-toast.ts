import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/query-client';

/** Spec §9: one toast at a time; a new one replaces the one showing. */
const TOAST_LIMIT = 1;
/** How long a dismissed toast stays mounted so its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000;

type ToastVariant = 'default' | 'destructive';

export type ToastMessage = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
};

type ToastInput = Omit<ToastMessage, 'id' | 'open'>;

type Listener = () => void;

// A tiny module-level store, like shadcn's use-toast: `toast()` can be called from anywhere
// (mutation callbacks, the query client's error handler), not only from components.
let toasts: ToastMessage[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function publish(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => id === undefined || t.id === id);
  for (const t of closing) scheduleRemoval(t.id);
  publish(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast and returns its id. */
function toast(input: ToastInput): string {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Spec §8: every failed call shows a destructive toast titled Error with the message. */
export function toastError(error: Error) {
  toast({ variant: 'destructive', title: 'Error', description: error.message });
}

/**
 * The Error toast with only the server's words ("Invalid username or password", not "401: ..."):
 * for the sign-in forms, where the status code means nothing to the person typing (spec §8: the
 * toast's message is the response text).
 */
export function toastServerMessage(error: Error) {
  const description = error instanceof ApiError ? error.text : error.message;
  toast({ variant: 'destructive', title: 'Error', description });
}

/** Spec §8: success toasts are titled Success. */
export function toastSuccess(description: string) {
  toast({ title: 'Success', description });
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getToasts = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
