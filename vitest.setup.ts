import { freezeStates } from '@belfry/engine';

// Production leaves states unfrozen (engine apply.ts says why); here every state the engine makes is
// frozen, so code that changes one in place fails the tests instead of corrupting a shared view.
freezeStates(true);
