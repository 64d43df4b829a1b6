export * from './types';
export * from './errors';
export * from './constants';
export * from './permissions';
export * from './session';
export * from './intents';
export * from './apply';
export * from './view';
