import { describe, expect, it } from 'vitest';
import { statementQueue } from './statementQueue.ts';

/** A client that records when each statement starts and ends, and refuses two at once. */
function recordingClient() {
  const log: string[] = [];
  let running = false;
  return {
    log,
    query: async (text: string) => {
      if (running) throw new Error(`${text} sent while another statement runs`);
      running = true;
      log.push(`start ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running = false;
      log.push(`end ${text}`);
      if (text === 'bad') throw new Error('refused');
      return { rows: [{ text }] };
    },
  };
}

describe('statementQueue', () => {
  it('given statements sent without waiting, then the client runs them one at a time in the order sent, each answering its own', async () => {
    const client = recordingClient();
    const db = statementQueue(client as never);
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => db.query(text)));
    expect(answers.map((answer) => answer.rows[0].text)).toEqual(['a', 'b', 'c']);
    expect(client.log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('given a statement that fails, then its sender sees the failure and the next statement is still sent', async () => {
    const client = recordingClient();
    const db = statementQueue(client as never);
    const failed = db.query('bad');
    const next = db.query('next');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toEqual({ rows: [{ text: 'next' }] });
  });
});
