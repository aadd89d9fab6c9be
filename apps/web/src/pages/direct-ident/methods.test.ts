import { describe, expect, it } from 'vitest';
import { legislationOfPath, methodOfPath, methodsOffered } from './methods.js';

describe('direct identification routes', () => {
  it('maps each method route to the provider and method it starts', () => {
    expect(methodOfPath('/direct-sign/identification/eidas/self')).toMatchObject({
      provider: 'srs',
      method: 'robo',
    });
    expect(methodOfPath('/direct-sign/identification/eidas/video')).toMatchObject({
      provider: 'srs',
      method: 'video',
    });
    expect(methodOfPath('/direct-sign/identification/zertes/auto')).toMatchObject({
      provider: 'intrum',
      method: 'autoident',
    });
    expect(methodOfPath('/direct-sign/identification/zertes/personal-details')).toBeUndefined();
    expect(legislationOfPath('/direct-sign/identification/zertes/personal-details')).toBe('zertes');
    expect(legislationOfPath('/direct-sign/identification/eidas')).toBe('eidas');
  });

  it('offers only the legislation’s methods the server lists', () => {
    expect(methodsOffered('zertes').map((m) => m.name)).toEqual(['auto', 'video']);
    expect(methodsOffered('eidas', [{ provider: 'srs', method: 'video' }]).map((m) => m.name)).toEqual([
      'video',
    ]);
  });
});
