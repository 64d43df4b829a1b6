import type { MatchAnswer } from '@belfry/protocol';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openPhoneVerification } from '../account';
import { toAppError } from '../api/appError';
import { hasFlag, useCurrentUser, useMe } from '../auth/authStore';
import { loginPathFor } from '../routing/returnPath';
import { openDialog } from '../ui/dialogStore';
import { castVote } from './tournamentApi';
import { voteErrorKey } from './tournamentRules';
import { loadTournament, recordVote } from './tournamentStore';

/** A dialogue of the vote with Cancel and one way on; true when that way was chosen. */
const offer = async (keys: 'login_required' | 'verification_required', goKey: string, testId: string) =>
  (await openDialog({
    titleKey: `tournament.${keys}.title`,
    textKey: `tournament.${keys}.text`,
    buttons: [
      { labelKey: 'common.cancel', value: 'cancel', variant: 'secondary' },
      { labelKey: `tournament.${keys}.${goKey}`, value: 'go', variant: 'primary' },
    ],
    testId,
  })) === 'go';

/** Spec 3 §6: anonymous visitors are offered the login, and come back to this page after it. */
const askToLogIn = async (returnTo: string, navigate: (path: string) => void) => {
  if (await offer('login_required', 'login', 'tournament-login-dialog')) navigate(loginPathFor(returnTo));
};

/** Spec 3 §5: a new account votes once its phone is verified; the dialogue leads there. */
const askToVerify = async () => {
  if (await offer('verification_required', 'verify', 'tournament-verify-dialog')) await openPhoneVerification();
};

/**
 * The vote on one match (spec 3 §4–§8): choosing a script votes for it, choosing the chosen one clears
 * the vote. Without a login, or as a new account without a verified phone, a dialogue explains what is
 * needed and nothing is sent; the server judges everything else (upcoming, locked) and its refusal is
 * shown in words.
 */
export const useVote = (match: MatchAnswer | undefined, chosen: number | null) => {
  const user = useCurrentUser();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const choose = async (script: number) => {
    if (!match || busy) return;
    if (!user) return askToLogIn(location.pathname + location.search, (path) => void navigate(path));
    const flags = me ?? user;
    if (hasFlag(flags, 'newuser') && !hasFlag(flags, 'verified-phone')) return askToVerify();
    setBusy(true);
    setErrorKey(null);
    try {
      const answer = await castVote(match.index, chosen === script ? null : script);
      recordVote(match.index, answer.choice);
    } catch (error) {
      const { code } = toAppError(error);
      if (code === 'newuser') void askToVerify();
      else setErrorKey(voteErrorKey(code));
      // The page's idea of the match was out of date: read it again (it shows the right state then).
      if (code === 'votelocked' || code === 'voteupcoming') void loadTournament(user.id, true);
    } finally {
      setBusy(false);
    }
  };
  return { choose, busy, errorKey, clearError: () => setErrorKey(null) };
};
