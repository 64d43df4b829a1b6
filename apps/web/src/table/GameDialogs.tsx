import type { SessionView } from '@belfry/engine';
import { lazy, Suspense } from 'react';
import { withLaterStrings } from '../i18n';
import { useGameUi } from '../session/gameUiStore';
import { SeatMenu } from './SeatMenu';

// Each dialogue's code arrives the first time it opens, not with the table (the seat menu, opened
// all the time, comes with it).
const RulesDialog = lazy(async () => ({
  default: (await withLaterStrings(() => import('./rules/RulesDialog'))).RulesDialog,
}));
const HandOutRoles = lazy(async () => ({ default: (await import('./HandOutRoles')).HandOutRoles }));
const ReminderPicker = lazy(async () => ({ default: (await import('./ReminderPicker')).ReminderPicker }));
const RolePicker = lazy(async () => ({ default: (await import('./RolePicker')).RolePicker }));
const TimerDialog = lazy(async () => ({ default: (await import('./TimerDialog')).TimerDialog }));
const EndGameDialog = lazy(async () => ({ default: (await import('./EndGameDialog')).EndGameDialog }));
const PointingDialog = lazy(async () => ({ default: (await import('./PointingDialog')).PointingDialog }));

/** The game screen's dialogues, one at a time. */
export function GameDialogs({ view }: { view: SessionView }) {
  return (
    <Suspense fallback={null}>
      <GameDialog view={view} />
    </Suspense>
  );
}

function GameDialog({ view }: { view: SessionView }) {
  const dialog = useGameUi((state) => state.dialog);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'role':
      return <RolePicker key={`role-${dialog.index}`} view={view} index={dialog.index} />;
    case 'reminder':
      return (
        <ReminderPicker key={`reminder-${dialog.index}`} view={view} index={dialog.index} search={dialog.search} />
      );
    case 'seat':
      return <SeatMenu view={view} index={dialog.index} />;
    case 'timer':
      return <TimerDialog view={view} />;
    case 'end-game':
      return <EndGameDialog />;
    case 'hand-out':
      return <HandOutRoles view={view} />;
    case 'pointing':
      return <PointingDialog view={view} />;
    case 'rules':
      return <RulesDialog />;
  }
}
