// parse-duration types its locale tables only for relative imports from inside the package.
declare module 'parse-duration/locale/ru.js' {
  import type parse from 'parse-duration';
  const unit: typeof parse.unit;
  export default unit;
}
