import { runAdmin } from '../../../server/admin/admin-runner.ts';

/** What an in-process admin run printed and its exit status. */
export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `admin <argv…> --data dir` in this process, standard input given as text. */
export async function admin(dir: string, argv: string[], stdin = ''): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    readStdin: () => Promise.resolve(stdin),
  };
  const code = await runAdmin([...argv, '--data', dir], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
