import { describe, expect, it } from 'vitest';
import { portalTokenOf } from '../../../shared/portal/portalTokenOf';

const TOKEN = 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6';

describe('portalTokenOf', () => {
  it.each([
    [TOKEN, TOKEN],
    [`  ${TOKEN}\n`, TOKEN],
    [`https://vigiechiro.herokuapp.com/#/?token=${TOKEN}`, TOKEN],
    [`http://localhost:9000/#/?token=${TOKEN}`, TOKEN],
    [`http://127.0.0.1:8080/?token=${TOKEN}&x=1`, TOKEN],
  ])('reads %j', (given, token) => {
    expect(portalTokenOf(given)).toBe(token);
  });

  it.each([
    '',
    'https://vigiechiro.herokuapp.com/#/',
    'https://vigiechiro.herokuapp.com/#/?token=',
    'short',
    'a token with spaces in it, not one',
  ])('finds none in %j', (given) => {
    expect(portalTokenOf(given)).toBeUndefined();
  });
});
