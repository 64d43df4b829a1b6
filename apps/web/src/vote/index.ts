/** The public face of vote/: what other folders may use. */
export { VoteOverlay } from './VoteOverlay';
export { writeStoredHistory } from './voteHistory';
export { openVoteHistory } from './voteStore';
