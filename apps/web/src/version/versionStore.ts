import type { VersionInfo } from '@belfry/protocol';
import { create } from 'zustand';
import { APP_VERSION } from './buildInfo';
import { newerVersionCount } from './versions';

/** GET /backend/version; `supportEmail` is optional (an install may name where banned users write to). */
export interface ServerVersion extends VersionInfo {
  supportEmail?: string;
}

interface VersionState {
  info: ServerVersion | null;
  /** Released versions newer than this build (spec 2 §2: above 1 sends every route to Update). */
  newerCount: number;
  setInfo: (info: ServerVersion) => void;
}

export const useVersionStore = create<VersionState>((set) => ({
  info: null,
  newerCount: 0,
  setInfo: (info) =>
    set({ info, newerCount: newerVersionCount(APP_VERSION, Array.isArray(info.versions) ? info.versions : []) }),
}));
