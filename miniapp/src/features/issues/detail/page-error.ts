/** Thrown during render: the app's error boundary shows its error page with `statusCode`, and the message (naming what is missing). */
export class PageError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
