import { describe, expect, it } from 'vitest';
import { mapsCallback, mapsScriptUrl } from './mapsLoader.ts';

describe('the maps loader address (§7 "with an access key {key}")', () => {
  it('fills in the key and the callback, encoded', () => {
    expect(
      mapsScriptUrl({ script: 'https://api.maps.test/api?v=1.0&ak={key}&callback={callback}', key: 'k y&z' }),
    ).toBe(`https://api.maps.test/api?v=1.0&ak=k%20y%26z&callback=${mapsCallback}`);
  });
});
