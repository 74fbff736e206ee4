// Readiness probe for stack.sh: exits 0 once the broker answers a metadata request.
import { Kafka, logLevel } from 'kafkajs';

const broker = process.argv[2] ?? '127.0.0.1:9092';
const admin = new Kafka({
  brokers: [broker],
  clientId: 'tradelog-stack-probe',
  logLevel: logLevel.NOTHING,
  retry: { retries: 0 },
  connectionTimeout: 2000,
}).admin();
try {
  await admin.connect();
  const cluster = await admin.describeCluster();
  if (cluster.brokers.length === 0) process.exit(1);
  await admin.disconnect();
  process.exit(0);
} catch {
  process.exit(1);
}
