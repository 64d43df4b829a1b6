import { startServer } from './app';
import { configFromEnv } from './config';

const server = await startServer(configFromEnv());
server.app.log.info(`Belfry listening on http://localhost:${server.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
