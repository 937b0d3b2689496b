import { afterEach } from 'vitest';

/** Anything a test opens and must close: clients, scripted peers. */
interface Closable {
  close(): Promise<void>;
}

/**
 * Registers what a test file opens so that it is closed after each test, newest first (clients
 * before the peers they talk to). Returns `track`, which gives back what it is given.
 */
export function useClosables(): <T extends Closable>(opened: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });
  return (opened) => {
    open.push(opened);
    return opened;
  };
}
