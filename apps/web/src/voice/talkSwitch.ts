/** Spec 2 §9: push-to-talk keeps sending this long after the key or button is let go. */
export const PUSH_TO_TALK_GRACE_MS = 250;

export interface TalkSwitch {
  press(): void;
  release(): void;
  /** Stops at once (push-to-talk turned off, the page left). */
  reset(): void;
}

/**
 * Push-to-talk: talking while held, and for the grace after release, so that the end of a word is not
 * cut off; pressing again within the grace keeps talking without a gap.
 */
export const talkSwitch = (setTalking: (talking: boolean) => void): TalkSwitch => {
  let grace: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  let talking = false;
  const set = (next: boolean) => {
    if (next === talking) return;
    talking = next;
    setTalking(next);
  };
  return {
    press() {
      clearTimeout(grace);
      grace = undefined;
      held = true;
      set(true);
    },
    release() {
      if (!held) return;
      held = false;
      clearTimeout(grace);
      grace = setTimeout(() => {
        grace = undefined;
        set(false);
      }, PUSH_TO_TALK_GRACE_MS);
    },
    reset() {
      clearTimeout(grace);
      grace = undefined;
      held = false;
      talking = true; // reset always says so, whatever it knew
      set(false);
    },
  };
};
