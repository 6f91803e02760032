import { describe, expect, it } from 'vitest';

import {
  formatPeruvianPhone,
  isValidEmail,
  isValidPeruvianPhone,
  maskPhone,
  normalizePeruvianMobile,
  normalizePhone,
  peruvianPhoneHref,
  toE164PeruvianMobile,
} from '../src/people/validators';

describe('isValidEmail (spec §5: text, @, text, a dot, text, no whitespace)', () => {
  it.each(['a@b.co', 'ana.perez@example.com', 'ana+viajes@correo.com.pe', 'USER@EXAMPLE.PE', 'x_y-z@sub.domain.org'])(
    'accepts %j',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['no @', 'ana.example.com'],
    ['no dot after @', 'ana@example'],
    ['nothing before @', '@example.com'],
    ['nothing between @ and dot', 'ana@.com'],
    ['nothing after the dot', 'ana@example.'],
    ['two @', 'ana@@example.com'],
    ['@ in the domain', 'ana@exa@mple.com'],
    ['inner space', 'ana perez@example.com'],
    ['space in the domain', 'ana@exa mple.com'],
    ['leading space', ' ana@example.com'],
    ['trailing space', 'ana@example.com '],
    ['trailing newline', 'ana@example.com\n'],
    ['tab', 'ana@example.\tcom'],
  ])('rejects %s (%j)', (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['987654321', '987654321'],
    ['987 654 321', '987654321'],
    ['987-654-321', '987654321'],
    ['(987) 654-321', '987654321'],
    ['+51 987 654 321', '51987654321'],
    ['abc', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('isValidPeruvianPhone (spec §5/§9: 9 digits starting with 9 after removing non-digits)', () => {
  it.each(['987654321', '900000000', '999999999', '987 654 321', '987-654-321', '(987) 654-321', ' 987654321 '])(
    'accepts %j',
    (phone) => {
      expect(isValidPeruvianPhone(phone)).toBe(true);
    },
  );

  it.each([
    ['does not start with 9', '887654321'],
    ['landline shape', '014567890'],
    ['8 digits', '98765432'],
    ['10 digits', '9876543210'],
    ['another country code', '+52 987654321'],
    ['country code without a mobile', '+51 14567890'],
    ['letters among the digits', '987a654321'],
    ['empty', ''],
    ['letters only', 'nueve'],
  ])('rejects %s (%j)', (_case, phone) => {
    expect(isValidPeruvianPhone(phone)).toBe(false);
  });
});

describe('Peruvian phone display and dialling', () => {
  it("groups a 9-digit mobile as '987 654 321' whatever the input spacing", () => {
    expect(formatPeruvianPhone('987654321')).toBe('987 654 321');
    expect(formatPeruvianPhone('987-654 321')).toBe('987 654 321');
  });

  it('leaves anything that is not a Peruvian mobile as given', () => {
    expect(formatPeruvianPhone('01 4567890')).toBe('01 4567890');
    expect(formatPeruvianPhone('+52 987654321')).toBe('+52 987654321');
  });

  it('groups a mobile written with the country code the same way', () => {
    expect(formatPeruvianPhone('+51 987654321')).toBe('987 654 321');
  });

  it('dials a local mobile with +51, keeps an international +, and other numbers as their digits', () => {
    expect(peruvianPhoneHref('987 654 321')).toBe('tel:+51987654321');
    expect(peruvianPhoneHref('+51 987654321')).toBe('tel:+51987654321');
    expect(peruvianPhoneHref('(01) 456-7890')).toBe('tel:014567890');
  });
});

describe('normalizePeruvianMobile: the one stored form of a Peruvian mobile', () => {
  it.each([
    ['987654321', '987654321'],
    ['987 654 321', '987654321'],
    ['987-654-321', '987654321'],
    ['987.654.321', '987654321'],
    ['(987) 654-321', '987654321'],
    [' 987654321 ', '987654321'],
    ['+51 987654321', '987654321'],
    ['+51 987 654 321', '987654321'],
    ['+51-987-654-321', '987654321'],
    ['51987654321', '987654321'],
    ['0051 987 654 321', '987654321'],
    ['+ 999-888-777', '999888777'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePeruvianMobile(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['a landline', '01 456 7890'],
    ['8 digits', '98765432'],
    ['10 digits', '9876543210'],
    ['51 before 8 digits', '5198765432'],
    ['another country', '+1 987654321'],
    ['letters', '987abc321'],
    ['a word', 'celular'],
    ['a second plus', '++51987654321'],
    ['a mobile not starting with 9', '+51 887654321'],
  ])('rejects %s (%j)', (_case, input) => {
    expect(normalizePeruvianMobile(input)).toBeNull();
  });

  it('is idempotent: a stored number normalises to itself', () => {
    for (const input of ['987 654 321', '+51 912345678', '0051900000000']) {
      const once = normalizePeruvianMobile(input)!;
      expect(normalizePeruvianMobile(once)).toBe(once);
    }
  });

  it('gives the E.164 form SMS providers take', () => {
    expect(toE164PeruvianMobile('987 654 321')).toBe('+51987654321');
    expect(toE164PeruvianMobile('51987654321')).toBe('+51987654321');
    expect(toE164PeruvianMobile('12345')).toBeNull();
  });

  it('masks a number for logs, keeping only its first and last two digits', () => {
    expect(maskPhone('987654321')).toBe('+51 9•• ••• •21');
    expect(maskPhone('basura')).toBe('•••');
    expect(maskPhone('987654321')).not.toContain('876543');
  });
});
