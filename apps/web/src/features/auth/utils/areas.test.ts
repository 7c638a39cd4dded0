import type { Area } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { defaultArea, searchAreas } from './areas';

const AREAS: Area[] = [
  { id: 384, global_code: '+225', code: 'CI', name: "Côte d'Ivoire" },
  { id: 344, global_code: '+852', code: 'HK', name: 'Hong Kong' },
  { id: 764, global_code: '+66', code: 'TH', name: 'Thailand' },
  { id: 1024, global_code: '+1', code: 'BS', name: 'Bahamas' },
  { id: 840, global_code: '+1', code: 'US', name: 'United States' },
  { id: 44, global_code: '+1242', code: 'XX', name: 'Example' },
];

describe('defaultArea', () => {
  it('follows the language, else Hong Kong', () => {
    expect(defaultArea(AREAS, 'th')?.code).toBe('TH');
    expect(defaultArea(AREAS, 'hk')?.code).toBe('HK');
    expect(defaultArea(AREAS, 'en')?.code).toBe('HK');
    expect(defaultArea(AREAS, 'de')?.code).toBe('HK'); // Germany not in this list
    expect(defaultArea([], 'en')).toBeUndefined();
  });
});

describe('searchAreas', () => {
  it('finds by name without accents, by ISO code and by calling code', () => {
    expect(searchAreas(AREAS, 'cote').map((a) => a.code)).toEqual(['CI']);
    expect(searchAreas(AREAS, 'hk').map((a) => a.code)).toEqual(['HK']);
    expect(searchAreas(AREAS, '+852').map((a) => a.code)).toEqual(['HK']);
    expect(searchAreas(AREAS, '85').map((a) => a.code)).toEqual(['HK']);
  });

  it('puts exact calling codes first', () => {
    expect(searchAreas(AREAS, '1').map((a) => a.global_code)).toEqual(['+1', '+1', '+1242']);
  });

  it('an empty search lists everything', () => {
    expect(searchAreas(AREAS, '  ')).toHaveLength(AREAS.length);
  });
});
