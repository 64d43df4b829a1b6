import { create } from 'zustand';

/** How long a toast stays before it fades away by itself. */
export const TOAST_MS = 5_000;
/** At most this many at once: the oldest gives way. */
const MAX_TOASTS = 4;

export interface Toast {
  id: number;
  /** i18n key and its values, translated where shown. */
  key: string;
  params?: Record<string, string | number>;
}

interface ToastStore {
  toasts: Toast[];
}

export const useToastStore = create<ToastStore>(() => ({ toasts: [] }));

let nextId = 1;

export const dismissToast = (id: number): void =>
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));

export const pushToast = (key: string, params?: Record<string, string | number>): number => {
  const id = nextId++;
  useToastStore.setState((state) => ({ toasts: [...state.toasts, { id, key, params }].slice(-MAX_TOASTS) }));
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
};

export const clearToasts = (): void => useToastStore.setState({ toasts: [] });
