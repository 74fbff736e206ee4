import { type ApiKeyKind, isApiKeyKind } from './apiKey.ts';

/** The operator command's grammar, parsed without I/O so it is unit-tested. */
export type KeysCommand =
  | { command: 'create'; kind: ApiKeyKind; name: string; ownerId: string | undefined; enterprises: string[] }
  | { command: 'list' }
  | { command: 'revoke'; id: string }
  | { command: 'help' };

export const keysUsage = `usage:
  npm run keys -- create partner <name> [--id <owner-id>]
  npm run keys -- create lender <name> --enterprise <CODE> [<CODE>…] [--id <owner-id>]
  npm run keys -- create operator <name> [--id <owner-id>]
  npm run keys -- list
  npm run keys -- revoke <key-id>`;

export class UsageError extends Error {
  constructor(problem: string) {
    super(`${problem}\n${keysUsage}`);
    this.name = 'UsageError';
  }
}

const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export function parseKeysCommand(argv: readonly string[]): KeysCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' };
  if (command === 'list') {
    if (rest.length > 0) throw new UsageError(`list takes no arguments, got "${rest.join(' ')}"`);
    return { command: 'list' };
  }
  if (command === 'revoke') {
    const [id, ...extra] = rest;
    if (id === undefined || extra.length > 0) throw new UsageError('revoke takes exactly one key id');
    if (!uuid.test(id)) throw new UsageError(`"${id}" is not a key id (a UUID, as printed by list)`);
    return { command: 'revoke', id: id.toLowerCase() };
  }
  if (command === 'create') return parseCreate(rest);
  throw new UsageError(`unknown command "${command}"`);
}

function parseCreate(args: readonly string[]): KeysCommand {
  const [kind, ...rest] = args;
  if (kind === undefined || !isApiKeyKind(kind))
    throw new UsageError('create needs a kind: partner, lender or operator');
  const nameParts: string[] = [];
  const enterprises: string[] = [];
  let ownerId: string | undefined;
  let mode: 'name' | 'enterprise' = 'name';
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--enterprise' || arg === '--enterprises') {
      mode = 'enterprise';
    } else if (arg === '--id') {
      ownerId = rest[++i];
      if (ownerId === undefined || ownerId.startsWith('--')) throw new UsageError('--id needs a value');
      mode = 'name';
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option "${arg}"`);
    } else if (mode === 'enterprise') {
      enterprises.push(...arg.split(',').filter(Boolean));
    } else {
      nameParts.push(arg);
    }
  }
  const name = nameParts.join(' ').trim();
  if (name === '') throw new UsageError(`create ${kind} needs the owner's name`);
  if (kind === 'lender' && enterprises.length === 0) {
    throw new UsageError('a lender key needs at least one --enterprise CODE (the enterprises it may read)');
  }
  if (kind !== 'lender' && enterprises.length > 0)
    throw new UsageError('--enterprise applies to lender keys only');
  return { command: 'create', kind, name, ownerId, enterprises: [...new Set(enterprises)] };
}
