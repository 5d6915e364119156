/**
 * s3rver on a free loopback port, for the tests (`startS3Server` forks it). Its folder is the first
 * argument; it sends its port when it listens and stops when its parent goes away.
 */
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.argv[2] ?? '',
});
const { port } = await server.run();
process.send?.({ port });
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
