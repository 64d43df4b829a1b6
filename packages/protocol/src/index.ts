export * from './ack';
export * from './socket';
export * from './intent';
export * from './patch';
export * from './rest';
export * from './role';
export * from './media';
