export * from './client';
export * from './config';
export * from './messages';
export * from './process';
export * from './videoRoom';
export * from './videoRoomTypes';
export type { Listener } from './listeners';
