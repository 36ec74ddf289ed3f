// The most common passwords of 8+ characters (shorter ones already fail the length rule), from the
// published breach top lists (NCSC top-100k, SplashData yearly lists) plus their usual Russian
// keyboard-layout variants. Compared lower-cased.
const COMMON = `
12345678 123456789 1234567890 12345678910 123123123 987654321 0987654321 11111111 00000000 88888888
12341234 11223344 12121212 1234qwer qwer1234 password password1 password12 password123 passw0rd
p@ssw0rd iloveyou iloveyou1 qwertyui qwertyuiop qwerty123 qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t
1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 q1w2e3r4 q1w2e3r4t5 asdfghjk asdfghjkl zxcvbnm1
123qweasd qweasdzxc qazwsxedc abcd1234 abc12345 a1b2c3d4 aa123456 sunshine princess football
baseball superman starwars trustno1 whatever welcome1 dragon123 monkey123 letmein1 computer
internet michael1 charlie1 jennifer jordan23 mustang1 master12 password! changeme administrator
admin123 admin1234 11111111111 1111111111 99999999 66666666 77777777 55555555 147258369 159753456
йцукенгш йцукенгшщз йцукен123 пароль123 пароль12 qwertyqwerty 1234554321 abcdefgh
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
