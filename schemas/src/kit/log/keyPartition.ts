import { Partitioners, type PartitionMetadata } from 'kafkajs';

/**
 * Where a keyed record goes, as Kafka's Java clients choose it (murmur2 of the key), so records
 * of one document key stay in one partition whichever client appended them (producer.ts).
 */
const javaPartitioner = Partitioners.DefaultPartitioner();
// The partitioner only reads the partitions' ids and count: one list per count, not per record.
const partitionLists = new Map<number, PartitionMetadata[]>();

/** The partition Kafka's Java clients would choose for a keyed record (murmur2 of the key). */
export function partitionFor(topic: string, key: string, partitions: number): number {
  let partitionMetadata = partitionLists.get(partitions);
  if (partitionMetadata === undefined) {
    partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      replicas: [0],
      isr: [0],
      partitionErrorCode: 0,
    }));
    partitionLists.set(partitions, partitionMetadata);
  }
  return javaPartitioner({ topic, partitionMetadata, message: { key, value: null } });
}
