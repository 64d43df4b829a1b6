import { useCallback, useEffect, useState } from 'react';

export interface DeviceList {
  /** Every device of the kind the browser lists, including the unnamed ones listed before permission. */
  devices: MediaDeviceInfo[];
  /** The first listing has answered (an empty list before that means nothing yet). */
  loaded: boolean;
  /** Lists again: labels appear once the user has allowed a device. */
  relist: () => void;
}

/** Spec 3 §4: the devices of one kind, listed again whenever one is plugged in or out. */
export const useDevices = (kind: MediaDeviceKind): DeviceList => {
  const [state, setState] = useState<{ devices: MediaDeviceInfo[]; loaded: boolean }>({ devices: [], loaded: false });

  const relist = useCallback(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    void media.enumerateDevices().then(
      (all) => setState({ devices: all.filter((device) => device.kind === kind), loaded: true }),
      () => setState({ devices: [], loaded: true }),
    );
  }, [kind]);

  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    relist();
    media.addEventListener('devicechange', relist);
    return () => media.removeEventListener('devicechange', relist);
  }, [relist]);

  return { ...state, relist };
};

/**
 * The devices the user can pick: before permission browsers list one nameless entry without an id, and
 * Chrome's "default" entry is the wizard's own Default choice.
 */
export const choosable = (devices: MediaDeviceInfo[]): MediaDeviceInfo[] =>
  devices.filter((device) => device.deviceId !== '' && device.deviceId !== 'default');
