// Plain listener sets: the driver has a handful of event kinds and no need for EventEmitter's string names.
export type Listener<E> = (event: E) => void;

export const listen = <E>(set: Set<Listener<E>>, listener: Listener<E>): (() => void) => {
  set.add(listener);
  return () => set.delete(listener);
};

export const emit = <E>(set: Set<Listener<E>>, event: E): void => {
  // A listener that throws must not keep the others (or the socket's frame loop) from running.
  for (const listener of [...set]) {
    try {
      listener(event);
    } catch (error) {
      console.error('janus listener failed', error);
    }
  }
};
