import type { AclEntry, Admin } from 'kafkajs';
import kafkajs from 'kafkajs';

// kafkajs is CommonJS: Node's ESM loader sees only the names its lexer finds, and the ACL enums
// are not among them (vitest's loader sees them, `node deploy/provision.ts` did not).
const { AclOperationTypes, AclPermissionTypes, AclResourceTypes, ResourcePatternTypes } = kafkajs;

/**
 * A Kafka principal per service, and what each may do (deploy/README.md "Kafka: a principal per
 * service"). Only ingest appends documents and feeds, after its checks (ARCHITECTURE "ingest only
 * validates and appends"); the processors read the log and append only change events; query-api
 * only reads (offsets, the record browser). Topic creation and every other administrative right
 * stay with the provision step's principal, which applies these bindings.
 */
export interface ServicePrincipals {
  /** SASL user names, as in each service's KAFKA_SASL_USERNAME. */
  ingest: string;
  processors: string;
  queryApi: string;
}

export interface AclGrant {
  principal: string;
  resource: 'topic' | 'group';
  name: string;
  pattern: 'literal' | 'prefixed';
  operation: 'read' | 'write' | 'describe';
}

/** The bindings, pure: `appendTopics` are the document and feed topics ingest writes. */
export function serviceAcls(options: {
  principals: ServicePrincipals;
  appendTopics: readonly string[];
  changesTopic: string;
  /** Every topic of the log begins with it (the catalogue's `tradelog.`). */
  topicPrefix?: string;
  /** Every consumer group of the processors begins with it (`tradelog.<namespace>.…`, `tradelog-push`). */
  groupPrefix?: string;
}): AclGrant[] {
  const topicPrefix = options.topicPrefix ?? 'tradelog.';
  const groupPrefix = options.groupPrefix ?? 'tradelog';
  const user = (name: string) => `User:${name}`;
  const { ingest, processors, queryApi } = options.principals;
  const grant = (
    principal: string,
    resource: AclGrant['resource'],
    name: string,
    pattern: AclGrant['pattern'],
    operations: AclGrant['operation'][],
  ) => operations.map((operation) => ({ principal: user(principal), resource, name, pattern, operation }));
  return [
    // Writing a topic implies the idempotent producer's cluster right (Kafka ≥ 3.0, KIP-679).
    ...options.appendTopics.flatMap((topic) =>
      grant(ingest, 'topic', topic, 'literal', ['write', 'describe']),
    ),
    ...grant(processors, 'topic', topicPrefix, 'prefixed', ['read', 'describe']),
    ...grant(processors, 'topic', options.changesTopic, 'literal', ['write']),
    ...grant(processors, 'group', groupPrefix, 'prefixed', ['read', 'describe']),
    ...grant(queryApi, 'topic', topicPrefix, 'prefixed', ['read', 'describe']),
  ];
}

const operations = {
  read: AclOperationTypes.READ,
  write: AclOperationTypes.WRITE,
  describe: AclOperationTypes.DESCRIBE,
} as const;

/** Creates the bindings (the broker keeps one of each, so applying them again changes nothing). */
export async function applyAcls(admin: Admin, grants: readonly AclGrant[]): Promise<void> {
  const acl: AclEntry[] = grants.map((g) => ({
    resourceType: g.resource === 'topic' ? AclResourceTypes.TOPIC : AclResourceTypes.GROUP,
    resourceName: g.name,
    resourcePatternType:
      g.pattern === 'literal' ? ResourcePatternTypes.LITERAL : ResourcePatternTypes.PREFIXED,
    principal: g.principal,
    host: '*',
    operation: operations[g.operation],
    permissionType: AclPermissionTypes.ALLOW,
  }));
  await admin.createAcls({ acl });
}
