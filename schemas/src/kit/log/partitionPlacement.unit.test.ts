import { NetworkError, UserError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { failure } from '../runtime/envelope.ts';
import { partitionFor } from './keyPartition.ts';
import { createPartitionPlacement, partitionCountMaxAgeMs } from './partitionPlacement.ts';
import type { Pending } from './pendingAppends.ts';
import type { LogClient } from './producerConnection.ts';

const topic = 'tradelog.test.v1';

/** A client whose topic has `cluster.partitions` partitions (0: gone), counting what it is asked. */
function clusterOf(cluster: { partitions: number; down?: boolean }) {
  const asked: { forceUpdate?: boolean }[] = [];
  const client = {
    metadata: async (options: { topics: string[]; forceUpdate?: boolean }) => {
      asked.push({ forceUpdate: options.forceUpdate });
      if (cluster.down) throw new NetworkError('Cannot connect to any broker.');
      if (cluster.partitions === 0) throw new UserError('Unknown topic');
      return { topics: new Map([[topic, { partitionsCount: cluster.partitions }]]) };
    },
  };
  return { client: client as unknown as LogClient, asked };
}

function pending(key: string) {
  const answer: { error?: unknown } = {};
  const record = { topic, key, value: Buffer.from('{}'), headers: {} };
  const waiting = { record, reject: (error: unknown) => (answer.error = error) } as unknown as Pending;
  return { waiting, answer };
}

/** A key that goes to `partition` of `count` partitions, and elsewhere with fewer. */
const keyOnlyOn = (partition: number, count: number) => {
  for (let i = 0; ; i++) if (partitionFor(topic, `K-${i}`, count) === partition) return `K-${i}`;
};

describe('partition placement', () => {
  it('given an operator added partitions, when the count it knows has aged, then records go to the new ones too', async () => {
    const clock = { ms: 0 };
    const cluster = { partitions: 2 };
    const { client, asked } = clusterOf(cluster);
    const placement = createPartitionPlacement(() => clock.ms);
    const key = keyOnlyOn(2, 3);

    const before = pending(key);
    await placement.place(client, [before.waiting]);
    expect(before.waiting.partition).toBe(partitionFor(topic, key, 2));

    cluster.partitions = 3;
    clock.ms += partitionCountMaxAgeMs - 1;
    const known = pending(key);
    await placement.place(client, [known.waiting]);
    expect(known.waiting.partition).toBe(partitionFor(topic, key, 2));
    expect(asked).toHaveLength(1);

    clock.ms += 1;
    const after = pending(key);
    await placement.place(client, [after.waiting, pending('other').waiting]);
    expect(after.waiting.partition).toBe(2);
    // Asked again past the client's own cache, once for the batch.
    expect(asked).toEqual([{ forceUpdate: false }, { forceUpdate: true }]);
  });

  it('given a known count, when the broker does not answer the refresh, then records go on with it and it is asked again later', async () => {
    const clock = { ms: 0 };
    const cluster = { partitions: 2, down: false };
    const { client, asked } = clusterOf(cluster);
    const placement = createPartitionPlacement(() => clock.ms);
    await placement.place(client, [pending('a').waiting]);

    cluster.down = true;
    clock.ms += partitionCountMaxAgeMs;
    const during = pending(keyOnlyOn(1, 2));
    expect(await placement.place(client, [during.waiting])).toHaveLength(1);
    expect(during.waiting.partition).toBe(1);
    await placement.place(client, [pending('b').waiting]);
    expect(asked).toHaveLength(2);

    cluster.down = false;
    cluster.partitions = 3;
    clock.ms += partitionCountMaxAgeMs;
    const back = pending(keyOnlyOn(2, 3));
    await placement.place(client, [back.waiting]);
    expect(back.waiting.partition).toBe(2);
  });

  it('given no count yet, when the broker does not answer, then the send fails as an outage', async () => {
    const { client } = clusterOf({ partitions: 2, down: true });
    const placement = createPartitionPlacement(() => 0);
    await expect(placement.place(client, [pending('a').waiting])).rejects.toBeInstanceOf(NetworkError);
  });

  it('given a topic that was deleted, when its count is asked again, then its records are refused as TOPIC_MISSING', async () => {
    const clock = { ms: 0 };
    const cluster = { partitions: 2 };
    const { client } = clusterOf(cluster);
    const placement = createPartitionPlacement(() => clock.ms);
    await placement.place(client, [pending('a').waiting]);

    cluster.partitions = 0;
    clock.ms += partitionCountMaxAgeMs;
    const refused = pending('b');
    expect(await placement.place(client, [refused.waiting])).toEqual([]);
    // Answered 503 (come back later), in words that name no topic.
    expect(refused.answer.error).toMatchObject({ code: 'TOPIC_MISSING', retriable: false, status: 503 });
    expect(failure(refused.answer.error, 'cn')).toEqual({
      status: 503,
      body: {
        flag: 'failure',
        code: 'TOPIC_MISSING',
        message: '此类单据暂时无法接收：其日志主题不存在，须由运维人员重建；请稍后重试',
      },
    });
  });
});

describe('partition placement with the right to create topics', () => {
  it('given a topic deleted under the producer, when a record finds it missing, then it is created again and the record placed', async () => {
    const clock = { ms: 0 };
    const cluster = { partitions: 2 };
    const { client, asked } = clusterOf(cluster);
    const created: string[] = [];
    const placement = createPartitionPlacement(() => clock.ms, {
      createMissingTopic: async (name) => {
        created.push(name);
        cluster.partitions = 3;
      },
    });
    await placement.place(client, [pending('a').waiting]);

    cluster.partitions = 0;
    clock.ms += partitionCountMaxAgeMs;
    const key = keyOnlyOn(2, 3);
    const after = pending(key);
    expect(await placement.place(client, [after.waiting])).toEqual([after.waiting]);
    expect(created).toEqual([topic]);
    // Placed by the new topic's count, read past the client's cache.
    expect(after.waiting.partition).toBe(2);
    expect(asked.at(-1)).toEqual({ forceUpdate: true });
  });

  it('given the creation fails or leaves the topic missing, when a record finds it missing, then it is refused as TOPIC_MISSING and created once per record', async () => {
    const { client } = clusterOf({ partitions: 0 });
    let creations = 0;
    const failing = createPartitionPlacement(() => 0, {
      createMissingTopic: async () => {
        creations++;
        throw new Error('not authorized to create topics');
      },
    });
    const refused = pending('a');
    expect(await failing.place(client, [refused.waiting])).toEqual([]);
    expect(refused.answer.error).toMatchObject({ code: 'TOPIC_MISSING', status: 503 });

    // A creation the metadata does not show: refused, not created again in a loop.
    const unseen = createPartitionPlacement(() => 0, {
      createMissingTopic: async () => {
        creations++;
      },
    });
    const still = pending('b');
    expect(await unseen.place(client, [still.waiting])).toEqual([]);
    expect(still.answer.error).toMatchObject({ code: 'TOPIC_MISSING' });
    expect(creations).toBe(2);
  });
});
