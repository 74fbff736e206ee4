import { describe, expect, it } from 'vitest';
import { documentTypes } from '../../documents/catalogue.ts';
import { serviceAcls } from './acls.ts';

describe('serviceAcls', () => {
  const changesTopic = 'tradelog.changes.v1';
  const grants = serviceAcls({
    principals: { ingest: 'svc-ingest', processors: 'svc-processors', queryApi: 'svc-query-api' },
    appendTopics: documentTypes.map((type) => type.topic),
    changesTopic,
  });
  const writersOf = (topic: string) =>
    grants
      .filter((g) => g.resource === 'topic' && g.operation === 'write')
      .filter((g) => (g.pattern === 'literal' ? g.name === topic : topic.startsWith(g.name)))
      .map((g) => g.principal);

  it('lets only ingest write every document and feed topic', () => {
    for (const type of documentTypes) expect(writersOf(type.topic), type.topic).toEqual(['User:svc-ingest']);
  });

  it('lets only the processors write change events, and nobody write by prefix', () => {
    expect(writersOf(changesTopic)).toEqual(['User:svc-processors']);
    expect(grants.filter((g) => g.operation === 'write' && g.pattern === 'prefixed')).toEqual([]);
  });

  it('gives query-api reads only, and consumer groups to the processors alone', () => {
    const queryApi = grants.filter((g) => g.principal === 'User:svc-query-api');
    expect(new Set(queryApi.map((g) => g.operation))).toEqual(new Set(['read', 'describe']));
    expect(new Set(grants.filter((g) => g.resource === 'group').map((g) => g.principal))).toEqual(
      new Set(['User:svc-processors']),
    );
    // Every topic of the log is under the prefix the readers are granted.
    for (const type of documentTypes) expect(type.topic.startsWith('tradelog.'), type.topic).toBe(true);
  });
});
