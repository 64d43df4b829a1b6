import { create } from 'zustand';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

export interface DialogButton {
  labelKey: string;
  value: string;
  variant?: ButtonVariant;
}

/** A dialogue described by i18n keys, so it renders in whatever language is active when shown. */
export interface DialogSpec {
  titleKey: string;
  textKey?: string;
  textParams?: Record<string, string | number>;
  /** A server's own message, shown beneath the text when it adds something. */
  detail?: string;
  buttons: DialogButton[];
  testId?: string;
  /** Spec 1 §2: an important dialogue does not close on Escape or a backdrop click. */
  important?: boolean;
}

export interface OpenDialog {
  id: number;
  spec: DialogSpec;
  resolve: (value: string | null) => void;
}

interface DialogStore {
  dialogs: OpenDialog[];
  open: (spec: DialogSpec) => Promise<string | null>;
  close: (id: number, value: string | null) => void;
  /** Closes dialogues of one kind (e.g. the server error once the game state finally arrived). */
  dismissByTestId: (testId: string) => void;
}

let nextId = 1;

export const useDialogStore = create<DialogStore>((set, get) => ({
  dialogs: [],
  open: (spec) =>
    new Promise((resolve) => {
      set((state) => ({ dialogs: [...state.dialogs, { id: nextId++, spec, resolve }] }));
    }),
  close: (id, value) => {
    const entry = get().dialogs.find((dialog) => dialog.id === id);
    set((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
    entry?.resolve(value);
  },
  dismissByTestId: (testId) => {
    for (const dialog of get().dialogs) if (dialog.spec.testId === testId) get().close(dialog.id, null);
  },
}));

export const openDialog = (spec: DialogSpec): Promise<string | null> => useDialogStore.getState().open(spec);
