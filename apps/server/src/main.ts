import { startServer } from './app';
import { configFromEnv } from './config';
import { startLocalChatServer } from './media/localChatServer';

const config = configFromEnv();
// Voice on a one-machine install: a chat server beside Belfry when none is configured.
const local = await startLocalChatServer(process.env, (line) => console.log(line));
if (local) {
  config.chatServers = [local.server];
  config.mediaSecret = local.secret;
}

const server = await startServer(config);
server.app.log.info(`Belfry listening on http://localhost:${server.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server
      .close()
      .then(() => local?.stop())
      .finally(() => process.exit(0));
  });
}
