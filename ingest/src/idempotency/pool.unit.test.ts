import { describe, expect, it } from 'vitest';
import { withAsyncCommit } from './pool.ts';

/** What pg reads from the string (pg-connection-string: the URL's query parameters). */
const parameters = (connectionString: string) =>
  Object.fromEntries(new URL(connectionString).searchParams.entries());

describe('withAsyncCommit', () => {
  it('adds synchronous_commit=off to the startup options, after the string’s own', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/tradelog?options=-c%20search_path%3D%22bench_x%22';
    expect(withAsyncCommit(url)).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:5432\/tradelog\?/);
    expect(parameters(withAsyncCommit(url))).toEqual({
      options: '-c search_path="bench_x" -c synchronous_commit=off',
    });
    expect(parameters(withAsyncCommit('postgres://u:p@db/app?sslmode=disable'))).toEqual({
      sslmode: 'disable',
      options: '-c synchronous_commit=off',
    });
  });
});
