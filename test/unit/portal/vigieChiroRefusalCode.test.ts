import { describe, expect, it } from 'vitest';
import { vigieChiroRefusalCode } from '../../../shared/portal/vigiechiro/vigieChiroRefusalCode';

// The API's `_errors` values as its source writes them (facts §1, §2), and the code each gets.
describe('vigieChiroRefusalCode', () => {
  it.each([
    [422, { titre: 'string contains forbidden characters' }, 'name-forbidden-characters'],
    [422, { titre: 'unknown file type' }, 'name-unknown-type'],
    [422, { titre: 'invalid name Car1-2014-Pass0-C1-x_20140702_224038_761.wav' }, 'name-invalid'],
    [422, { mime: 'unknown field' }, 'unknown-field'],
    [422, { titre: 'missing field' }, 'missing-field'],
    [422, { date_debut: 'required field' }, 'missing-field'],
    [422, { site: 'invalid field' }, 'invalid-field'],
    [422, { site: 'no site with this id' }, 'site-unknown'],
    [
      422,
      { lien_participation: "value 'x' must exist in resource 'participations', field '_id'." },
      'participation-unknown',
    ],
    [422, 'not registered to protocole', 'protocole-not-joined'],
    [422, 'protocole registration not yet validated', 'protocole-not-validated'],
    [422, 'cannot cancel file once upload is done', 'not-cancellable'],
    [412, 'Content-Type is not `application/json`', 'not-json'],
    [409, 'upload is already done', 'already-done'],
    [410, 'file is not available', 'not-available'],
    [400, { etat: 'Already PLANIFIE' }, 'already-planned'],
    [400, { etat: 'Already EN_COURS' }, 'already-planned'],
    [401, 'Please provide proper credentials', 'token-refused'],
    [403, "You don't have the permission to access the requested resource.", 'forbidden'],
    [404, '`x` is not a valid fichiers resource', 'not-found'],
  ] as const)('%i %j -> %s', (status, errors, code) => {
    expect(vigieChiroRefusalCode(status, errors)).toBe(code);
  });

  it('gives no code to what it does not know, so the status speaks alone', () => {
    expect(vigieChiroRefusalCode(422, 'some new message')).toBeUndefined();
    expect(vigieChiroRefusalCode(500, undefined)).toBeUndefined();
    expect(vigieChiroRefusalCode(503, { _status: 'x' })).toBeUndefined();
    // An `etat` outside a 400 is not "already planned".
    expect(vigieChiroRefusalCode(422, { etat: 'unallowed value X' })).toBeUndefined();
  });

  it('matches whole messages, never a part of one', () => {
    expect(vigieChiroRefusalCode(422, { titre: 'unknown file type, or not' })).toBeUndefined();
    expect(vigieChiroRefusalCode(422, 'upload is already done?')).toBeUndefined();
  });

  it('keeps the status code where the words are unknown (a proxy answering for the API)', () => {
    expect(vigieChiroRefusalCode(401, undefined)).toBe('token-refused');
    expect(vigieChiroRefusalCode(409, undefined)).toBe('already-done');
  });
});
