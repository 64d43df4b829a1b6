export { startMedia, MIN_SECRET_LENGTH, type MediaConfig, type MediaServer } from './media';
