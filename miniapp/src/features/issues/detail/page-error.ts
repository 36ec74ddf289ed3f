/** Thrown during render: the app's error boundary shows its error page with `statusCode`. */
export class PageError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
