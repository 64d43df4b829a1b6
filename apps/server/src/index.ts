export { startServer, type BelfryServer } from './app';
export { configFromEnv, type ServerConfig } from './config';
