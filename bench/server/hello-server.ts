/**
 * Fastify's bare hello world, the framework's ceiling on this machine: started by the server bench
 * beside the notes service and loaded the same way. Prints its URL, as notes-server does.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(url);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
