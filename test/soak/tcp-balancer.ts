import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP load balancer in front of service instances, as the lane soak's hosts sit behind one. */
export interface TcpBalancer {
  readonly port: number;
  /** Connections taken, and how many found their first instance refusing and went on. */
  readonly counts: { connections: number; failedOver: number };
  close(): Promise<void>;
}

/** Connects to the first of `ports` (from `start`, in turn) that accepts; undefined if none. */
function firstAccepting(ports: readonly number[], start: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const attempt = (tried: number): void => {
      if (tried === ports.length) return resolve(undefined);
      const port = ports[(start + tried) % ports.length] as number;
      const upstream = connect({ host: '127.0.0.1', port });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        resolve(upstream);
      });
      upstream.once('error', () => attempt(tried + 1));
    };
    attempt(0);
  });
}

/**
 * Listens on a free port of 127.0.0.1 and passes each connection through, bytes unchanged (TLS
 * ends at the instance), to the instances' `ports` in turn, going on to the next when one refuses
 * the connection (docs/scaling.md, Deploying two hosts: a refused connect sends the lane to another
 * instance). A connection whose instance goes away is closed on the lane's side as well.
 */
export async function startTcpBalancer(ports: readonly number[]): Promise<TcpBalancer> {
  const counts = { connections: 0, failedOver: 0 };
  const open = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((lane) => {
    counts.connections += 1;
    open.add(lane);
    lane.pause();
    lane.on('error', () => lane.destroy());
    lane.once('close', () => open.delete(lane));
    const start = next;
    next = (next + 1) % ports.length;
    void firstAccepting(ports, start).then((upstream) => {
      if (upstream === undefined || lane.destroyed) {
        upstream?.destroy();
        lane.destroy();
        return;
      }
      if (upstream.remotePort !== ports[start]) counts.failedOver += 1;
      open.add(upstream);
      upstream.once('close', () => open.delete(upstream));
      upstream.on('error', () => upstream.destroy());
      upstream.once('close', () => lane.destroy());
      lane.once('close', () => upstream.destroy());
      lane.pipe(upstream);
      upstream.pipe(lane);
      lane.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    counts,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
