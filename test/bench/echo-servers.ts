// The baseline of the server bench: a bare node:http server answering each request with its own
// body, and a bare node:net server writing back every byte it reads. Prints "http PORT net PORT".
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';

const http = createHttpServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(chunks.length === 0 ? '{}' : Buffer.concat(chunks));
  });
});
const net = createNetServer((socket) => socket.pipe(socket));

http.listen(0, '127.0.0.1', () => {
  net.listen(0, '127.0.0.1', () => {
    const httpPort = (http.address() as AddressInfo).port;
    const netPort = (net.address() as AddressInfo).port;
    console.log(`http ${httpPort} net ${netPort}`);
  });
});
process.once('SIGTERM', () => process.exit(0));
