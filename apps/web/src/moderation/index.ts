// The moderation feature's public face (spec 2 §2 Moderation and Announcement modals).
import './Moderation.css';

export { AnnouncementReceiver } from './AnnouncementReceiver';
export { ModerationHost } from './ModerationHost';
export { closeModeration, openAnnouncement, openModeration } from './moderationStore';
export { VersionButton } from './VersionButton';
