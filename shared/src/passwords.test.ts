import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_SCORE } from './limits.ts';
import { checkPasswordStrength, passwordUserInputs } from './passwords.ts';

describe('password strength rule', () => {
  it('refuses blanks, repeats and breach-list passwords, with a reason', () => {
    for (const weak of ['        ', 'aaaaaaaa', 'password', '12345678', 'qwerty123', 'iloveyou']) {
      const s = checkPasswordStrength(weak);
      expect(s.ok, weak).toBe(false);
      expect(s.score).toBeLessThan(PASSWORD_MIN_SCORE);
      expect(s.warning !== null || s.suggestions.length > 0, weak).toBe(true);
    }
    expect(checkPasswordStrength('aaaaaaaa')).toMatchObject({ warning: 'simpleRepeat', suggestions: expect.arrayContaining(['repeated']) });
  });

  it('knows Russian words, also typed on a Latin layout or transliterated', () => {
    for (const weak of ['пароль123', 'gfhjkm123', 'solnyshko1', 'пушистик2020']) expect(checkPasswordStrength(weak).ok, weak).toBe(false);
  });

  it("does not count the user's own e-mail or name as strength", () => {
    const inputs = passwordUserInputs({ email: 'Marfa.Vasilieva@example.com', name: 'Марфа Васильева' });
    expect(inputs).toEqual(expect.arrayContaining(['marfa.vasilieva@example.com', 'marfa.vasilieva', 'марфа', 'васильева', 'vasilieva']));
    const own = checkPasswordStrength('marfa.vasilieva1', inputs);
    expect(own).toMatchObject({ ok: false, warning: 'userInputs' });
    expect(checkPasswordStrength('marfa.vasilieva1').ok).toBe(true);
  });

  it('accepts passphrases and mixed passwords', () => {
    for (const strong of ['quiet-harbor-lantern', 'a brand new secret', 'Zorkiy-Lis-42', 'e2e-quiet-harbor']) {
      expect(checkPasswordStrength(strong), strong).toMatchObject({ ok: true });
    }
  });
});
