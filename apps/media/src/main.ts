import { startMedia } from './media';

const secret = process.env.MEDIA_SECRET ?? '';
if (!secret) {
  console.error("MEDIA_SECRET is not set: give this chat server and Belfry's server the same secret.");
  process.exit(1);
}
const media = await startMedia({
  port: Number(process.env.MEDIA_PORT ?? 8090),
  host: process.env.MEDIA_HOST ?? '0.0.0.0',
  secret,
});
console.log(`Belfry chat server listening on port ${media.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void media.close().finally(() => process.exit(0));
  });
}
