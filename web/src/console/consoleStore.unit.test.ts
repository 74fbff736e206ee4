import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../stores/storage.ts';
import { apiKeyStorageKey, authorizationHeader, createConsoleStore } from './consoleStore.ts';

describe('console session store', () => {
  it('keeps the API key in session storage and forgets it on sign-out', () => {
    const storage = memoryStorage();
    const store = createConsoleStore(storage, () => 42);
    store.getState().signIn('  tl_live_abc  ');
    expect(store.getState().apiKey).toBe('tl_live_abc');
    expect(createConsoleStore(storage, () => 0).getState().apiKey).toBe('tl_live_abc');
    expect(authorizationHeader('tl_live_abc')).toEqual({ Authorization: 'Bearer tl_live_abc' });
    store.getState().recordSubmission({
      documentType: 'pod',
      path: '/x',
      status: 200,
      flag: 'success',
      code: '200',
      message: 'ok',
    });
    expect(store.getState().submissions).toEqual([
      { at: 42, documentType: 'pod', path: '/x', status: 200, flag: 'success', code: '200', message: 'ok' },
    ]);
    store.getState().signOut();
    expect(storage.getItem(apiKeyStorageKey)).toBeNull();
    expect(store.getState().submissions).toEqual([]);
  });

  it('ignores a blank key', () => {
    const store = createConsoleStore(memoryStorage(), () => 0);
    store.getState().signIn('   ');
    expect(store.getState().apiKey).toBeUndefined();
  });
});
