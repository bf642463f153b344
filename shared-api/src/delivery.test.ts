import { describe, expect, it } from 'vitest';
import { BangladeshMobile, DeliveryAddress } from './delivery.ts';
import { DISTRICTS, DIVISIONS, districtOf, districtsIn } from './geography.ts';
import { messageIn } from './messages.ts';

const issuesOf = (value: unknown) => {
  const parsed = DeliveryAddress.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};
const sylhet = { name: 'Nusrat Jahan', phone: '01712-345678', division: 'sylhet', district: 'sylhet', area: 'Zindabazar', street: 'House 12, Road 3, near the Jame Masjid' };

describe("Bangladesh's places", () => {
  it('are its 8 divisions and 64 districts, each named in both languages, each id once', () => {
    expect(DIVISIONS).toHaveLength(8);
    expect(DISTRICTS).toHaveLength(64);
    expect(new Set(DISTRICTS.map((district) => district.id)).size).toBe(64);
    const perDivision = Object.fromEntries(DIVISIONS.map((division) => [division.id, districtsIn(division.id).length]));
    expect(perDivision).toEqual({ barishal: 6, chattogram: 11, dhaka: 13, khulna: 10, mymensingh: 4, rajshahi: 8, rangpur: 8, sylhet: 4 });
    for (const place of [...DIVISIONS, ...DISTRICTS]) {
      expect(place.id, place.en).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(place.bn, place.en).toMatch(/^[\u0980-\u09FF]+$/);
    }
    expect(districtOf('coxs-bazar')).toMatchObject({ en: "Cox's Bazar", bn: 'কক্সবাজার', division: 'chattogram' });
    expect(districtOf('atlantis')).toBeUndefined();
  });
});

describe('a Bangladeshi mobile number as typed', () => {
  it('is kept as its 11 digits from the leading 0, however it was written', () => {
    for (const typed of ['01712345678', '01712-345678', '+880 1712 345678', '8801712345678', '+8801712345678', '০১৭১২-৩৪৫৬৭৮', ' 017 1234 5678 '])
      expect(BangladeshMobile.parse(typed), typed).toBe('01712345678');
    expect(BangladeshMobile.parse('01311000111')).toBe('01311000111');
  });

  it('refuses what is not one, saying how to write one, in both languages', () => {
    for (const typed of ['01212345678', '0171234567', '017123456789', '+44 7700 900123', '02-9123456', 'call me']) {
      const parsed = BangladeshMobile.safeParse(typed);
      expect(parsed.success, typed).toBe(false);
      const message = parsed.error!.issues[0]!.message;
      expect(message).toBe('Enter a Bangladeshi mobile number, e.g. 01712-345678');
      expect(messageIn(message, 'bn')).toBe('বাংলাদেশের একটি মোবাইল নম্বর দিন, যেমন ০১৭১২-৩৪৫৬৭৮');
    }
    expect(BangladeshMobile.safeParse('  ').error!.issues[0]!.message).toBe('Mobile number is required');
  });
});

describe('a delivery address', () => {
  it('is read with its number normalised', () => {
    expect(DeliveryAddress.parse(sylhet)).toEqual({ ...sylhet, phone: '01712345678' });
  });

  it('names each wrong field: an unknown or missing district, a district of another division, a short street', () => {
    expect(issuesOf({ ...sylhet, district: 'atlantis' })).toEqual(['district: Choose a district']);
    expect(issuesOf({ ...sylhet, district: undefined })).toEqual(['district: Choose a district']);
    expect(issuesOf({ ...sylhet, division: 'narnia' })).toEqual(['division: Choose a division']);
    expect(issuesOf({ ...sylhet, district: 'dhaka' })).toEqual(['district: That district is not in that division']);
    expect(issuesOf({ ...sylhet, street: 'Road 3', phone: '123', name: '' })).toEqual([
      'name: Name is required',
      'phone: Enter a Bangladeshi mobile number, e.g. 01712-345678',
      'street: Street address must be at least 10 characters',
    ]);
    expect(messageIn('Street address must be at least 10 characters', 'bn')).toBe('বাসা, রাস্তা ও চেনার মতো জায়গা অন্তত ১০ অক্ষরের হতে হবে');
    expect(messageIn('That district is not in that division', 'bn')).toBe('জেলাটি ওই বিভাগে নয়');
  });
});
