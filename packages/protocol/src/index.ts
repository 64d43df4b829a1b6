export * from './ack';
export * from './socket';
export * from './patch';
export * from './rest';
export * from './role';
