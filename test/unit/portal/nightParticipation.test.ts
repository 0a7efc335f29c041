import { describe, expect, it } from 'vitest';
import { nightParticipation } from '../../../shared/portal/nightParticipation';

const span = { startsAt: Date.UTC(2024, 5, 2, 18, 53), endsAt: Date.UTC(2024, 5, 2, 23, 39) };

describe('nightParticipation', () => {
  it("takes the site, the night's dates and the point", () => {
    expect(nightParticipation({ siteId: 'site-1', point: 'Z1' }, span)).toEqual({
      siteId: 'site-1',
      startsAt: span.startsAt,
      endsAt: span.endsAt,
      point: 'Z1',
    });
  });

  it('leaves out a point not given, or left empty in the form', () => {
    for (const point of [undefined, '']) {
      const created = nightParticipation({ siteId: 'site-1', point }, span);
      expect(created).toEqual({ siteId: 'site-1', startsAt: span.startsAt, endsAt: span.endsAt });
      expect('point' in created).toBe(false);
    }
  });
});
