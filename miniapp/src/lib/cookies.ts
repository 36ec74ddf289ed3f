export function readCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function cookieString(name: string, value: string, days: number, secure: boolean): string {
  const maxAge = Math.round(days * 24 * 60 * 60);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeCookie(name: string, value: string, days: number) {
  document.cookie = cookieString(name, value, days, location.protocol === 'https:');
}
