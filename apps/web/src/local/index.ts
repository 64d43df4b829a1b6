/** The public face of local/: what other folders may use. */
export { LocalBadge, LocalPanel } from './LocalPanel';
export { RenameSeatDialog } from './RenameSeatDialog';
