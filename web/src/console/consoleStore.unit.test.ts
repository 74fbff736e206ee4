import { describe, expect, it } from 'vitest';
import { authorizationHeader, createConsoleStore } from './consoleStore.ts';

describe('console session store', () => {
  it('keeps the API key in memory only, and forgets it on sign-out', () => {
    const store = createConsoleStore(() => 42);
    store.getState().signIn('  tl_live_abc  ');
    expect(store.getState().apiKey).toBe('tl_live_abc');
    // Nothing outlives the store (a reload makes a new one): web/README.md "Console".
    expect(createConsoleStore(() => 0).getState().apiKey).toBeUndefined();
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
    expect(store.getState().apiKey).toBeUndefined();
    expect(store.getState().submissions).toEqual([]);
  });

  it('ignores a blank key', () => {
    const store = createConsoleStore(() => 0);
    store.getState().signIn('   ');
    expect(store.getState().apiKey).toBeUndefined();
  });
});
