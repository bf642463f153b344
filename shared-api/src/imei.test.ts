import { describe, expect, it } from 'vitest';
import { Imei, luhnValid } from './imei.ts';

const messageOf = (value: unknown) => {
  const parsed = Imei.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('the Luhn check', () => {
  it('passes IMEIs whose last digit checks the others, and nothing else', () => {
    // Published examples (3GPP TS 23.003 annex B; GSMA's) and a sum that carries.
    for (const imei of ['490154203237518', '356938035643809', '352099001761481', '000000000000000']) expect(luhnValid(imei), imei).toBe(true);
    for (const imei of ['490154203237519', '356938035643800', '352099001761482', '12345678901234x', '']) expect(luhnValid(imei), imei).toBe(false);
  });

  it('catches any single digit typed wrong', () => {
    const imei = '490154203237518';
    for (let i = 0; i < imei.length; i++)
      for (let d = 0; d <= 9; d++) {
        if (String(d) === imei[i]) continue;
        expect(luhnValid(imei.slice(0, i) + d + imei.slice(i + 1)), `digit ${i} as ${d}`).toBe(false);
      }
  });
});

describe('an IMEI as typed', () => {
  it('is its 15 digits, spaces and dashes as printed on the box taken out', () => {
    expect(Imei.parse('490154203237518')).toBe('490154203237518');
    expect(Imei.parse(' 49-015420-323751-8 ')).toBe('490154203237518');
    expect(Imei.parse('4901 5420 3237 518')).toBe('490154203237518');
  });

  it('refuses letters, 14 or 16 digits, a wrong check digit and a non-string with a clear message', () => {
    expect(messageOf('49015420323751')).toBe('IMEI must be 15 digits');
    expect(messageOf('4901542032375180')).toBe('IMEI must be 15 digits');
    expect(messageOf('49015420323751A')).toBe('IMEI must be 15 digits');
    expect(messageOf(490154203237518)).toBe('IMEI must be 15 digits');
    expect(messageOf('490154203237519')).toBe('This IMEI is not valid: check its last digit');
  });
});
