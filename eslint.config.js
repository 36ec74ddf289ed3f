// @ts-check
// Lint is about boundaries (docs/architecture.md, "Rules"), plus typescript-eslint's
// recommended set without type information, so the whole tree lints in seconds.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const root = import.meta.dirname;
const at = (/** @type {string} */ p) => path.join(root, p);
const featuresDir = 'miniapp/src/features';
const features = readdirSync(at(featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @typedef {{ target: string | string[], from: string | string[], except?: string[], message: string }} Zone */
/** @type {Zone} */
const infrastructure = {
  target: ['server/src/http', 'server/src/db'],
  from: ['server/src/modules'],
  message: 'http/ and db/ are infrastructure below modules/; pass what they need in.',
};
/** @type {Zone[]} */
const zones = [
  // No feature imports another feature, its index.ts and stylesheets included (bulletproof-react's
  // rule): what two features share lives in components/, lib/, store/ or styles/, and a page shows
  // another feature's section through a slot (components/slots.ts) that its route in app/ fills.
  ...features.map((name) => ({
    target: `${featuresDir}/${name}`,
    from: [at(`${featuresDir}/*/**`)],
    except: [at(`${featuresDir}/${name}/**`)],
    message: 'A feature imports no other feature: move the shared piece to components/, lib/ or store/, or let app/ pass it in (components/slots.ts).',
  })),
  {
    target: ['miniapp/src/components', 'miniapp/src/lib', 'miniapp/src/platform'],
    from: ['miniapp/src/features', 'miniapp/src/app'],
    message: 'components/, lib/ and platform/ sit below features and app/.',
  },
  {
    // The client store (issue 27) sits between: features and app/ read it; it reads lib/ and platform/.
    target: ['miniapp/src/store'],
    from: ['miniapp/src/features', 'miniapp/src/app', 'miniapp/src/components'],
    message: 'store/ sits below features, app/ and components/; pass what it needs in.',
  },
  {
    target: ['miniapp/src/lib', 'miniapp/src/platform'],
    from: ['miniapp/src/store'],
    message: 'lib/ and platform/ sit below the store; take what you need from it as an argument.',
  },
  {
    target: ['miniapp/src/features'],
    from: ['miniapp/src/app'],
    message: 'app/ composes features; features do not import app/.',
  },
  {
    // One read model (issue 27): a screen reads the store, or asks the server through useQuery over
    // its feature's api module; it never calls the network itself.
    target: ['miniapp/src/**/*.tsx'],
    from: ['miniapp/src/lib/api-client.ts', 'miniapp/src/lib/http.ts'],
    message: "Screens read the store or useQuery (lib/query.ts) over the feature's api.ts; the calls live there.",
  },
  infrastructure,
  {
    target: 'bot/src',
    from: 'server/src',
    message: 'The bot talks to the tracker through bot/src/backend.ts, which the server implements.',
  },
  {
    target: 'shared/src',
    from: ['server', 'bot', 'miniapp', 'scripts', 'e2e'],
    message: 'shared/ is imported by the apps and imports none of them.',
  },
];

const SQL_CALLS = ['execute', 'createQueryBuilder', 'raw'];
const NO_SQL_IN_ROUTES = 'No SQL in route files: put the statement in the module\'s repository (bound `?` values) and call it from a service.';

// "Open to the whole workspace" (issue 28): one function and its SQL form, in projects/project-access.ts.
const ONE_OPEN_RULE = "Ask openToWorkspace(project) or openToWorkspaceSql(alias) (server/src/modules/projects/project-access.ts): the rule is written once.";
const OPEN_RULE_SYNTAX = [
  { selector: "BinaryExpression[left.property.name='visibility'][right.value='all']", message: ONE_OPEN_RULE },
  { selector: "Literal[value=/visibility\\s*=\\s*'all'/]", message: ONE_OPEN_RULE },
  { selector: "TemplateElement[value.raw=/visibility\\s*=\\s*'all'/]", message: ONE_OPEN_RULE },
];

// One typed data layer (issue 28): SQL, the ORM's reads and writes, Kysely and pg live in
// `*.repository.ts` files (typed queries through db/kysely.ts); services hold the rules and call them.
const IN_REPOSITORIES = 'SQL, the ORM and Kysely belong in a *.repository.ts file (typed queries through server/src/db/kysely.ts); call it from a service.';
const DATA_LAYER_SYNTAX = [
  { selector: "CallExpression[callee.property.name='execute'][arguments.length>0]", message: IN_REPOSITORIES },
  { selector: "CallExpression[callee.property.name='getKysely']", message: IN_REPOSITORIES },
  { selector: "CallExpression[callee.name='kysely']", message: IN_REPOSITORIES },
  { selector: "CallExpression[callee.property.name=/^(findOne|findOneOrFail|findAll|findAndCount|createQueryBuilder|qb|nativeInsert|nativeUpdate|nativeDelete|upsert|upsertMany)$/]", message: IN_REPOSITORIES },
  { selector: "CallExpression[callee.property.name=/^(find|count)$/][arguments.0.type='Identifier'][arguments.0.name=/^[A-Z]/]", message: IN_REPOSITORIES },
  { selector: "ImportDeclaration[source.value='pg']", message: IN_REPOSITORIES },
  // pg's own client: `db.query('select …')`.
  { selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: IN_REPOSITORIES },
];

// Services (and jobs) hold the rules and call repositories (issue 28): a route file, a mapper or an
// entity imports no repository, not even for a type (a mapper owns the row shape it maps).
const REPOSITORY_SOURCE = '/\\.repository(\\.ts)?$/';
const repositoryImports = (/** @type {string} */ message) =>
  ['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({ selector: `${node}[source.value=${REPOSITORY_SOURCE}]`, message }));
const ROUTES_CALL_SERVICES = 'A route file calls a service; repositories are for services and jobs (issue 28).';
const NO_REPOSITORY_IN_MAPPERS = 'Mappers and entities import no repository: services and jobs call repositories, and a mapper owns the row type it maps (issue 28).';

const ONE_ROUTE_WAY = 'Register an API route from its declaration: route(router, endpoint, handler) (server/src/http/route.ts).';

const ONE_CLIENT = 'Call the API through miniapp/src/lib/http.ts (http.request/get/post/upload): only it sends the X-Session-Token header.';

const ONE_ERROR_TEXT =
  'Word a failed call with miniapp/src/lib/error-text.ts (errorText) or lib/form-errors.ts (formErrorsFrom), a screen\'s own wording as its `codes`/`fallback`; read a status or code with refusalOf (lib/http.ts).';
const ERROR_TEXT_SYNTAX = [
  { selector: "BinaryExpression[operator='instanceof'][right.name='ApiError']", message: ONE_ERROR_TEXT },
  { selector: "MemberExpression[property.name='statusMessage']", message: ONE_ERROR_TEXT },
];
// components/ConfirmDialog.tsx by any relative path (not EmailConfirmDialog and the like); esquery's
// regular expressions cannot hold a slash.
const CONFIRM_DIALOG = '[^A-Za-z]ConfirmDialog(\\.tsx)?$';
const ONE_CONFIRM = 'Ask with confirmAction (platform/confirm.ts): the one dialog is rendered by components/ConfirmHost.tsx, Telegram\'s popup inside Telegram.';
const CONFIRM_SYNTAX = [{ selector: `ImportExpression[source.value=/${CONFIRM_DIALOG}/]`, message: ONE_CONFIRM }];
const CONFIRM_IMPORT_PATTERNS = [{ regex: CONFIRM_DIALOG, message: ONE_CONFIRM }];

const ONE_DATE_MODULE =
  "Format dates through miniapp/src/lib/dates.ts (the bot's: bot/src/dates.ts): its formatters are made once per locale, options and zone, and count instants in the user's zone. Numbers: Intl.NumberFormat.";
// Without type information `toLocaleString` is refused on anything, numbers too.
const DATE_SYNTAX = [
  { selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]", message: ONE_DATE_MODULE },
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: ONE_DATE_MODULE },
];

// One date input (issue 27): components/DateInput.tsx shows the day in the app's language with a
// calendar that starts the week on its day; a native one showed mm/dd/yyyy in the Russian UI. It is a
// text box, so the rule holds in components/ too.
const DATE_INPUT_SYNTAX = [
  {
    selector: "JSXAttribute[name.name='type'][value.value='date']",
    message: 'Dates are entered with components/DateInput.tsx (the app\'s language and week start, a `YYYY-MM-DD` value), not a native date input.',
  },
];
// `btn` and its modifiers are components/Button.tsx's classes; `link-button` was the second way.
const BUTTON_CLASS = '/(^|\\s)(btn|link-button)(\\s|$|--)/';
const ONE_BUTTON = 'Use <Button variant size> from components/Button.tsx (or buttonClass() for a link drawn as a button).';
const ONE_POPUP = 'Menus and popovers are components/Menu.tsx and components/Popover.tsx (Radix places them and keeps them on screen).';
// One set of controls (issue 27): buttons, menus, popovers and file pickers come from components/,
// styled once and placed by Radix, not drawn again with classes by hand or positioned by coordinates.
const CONTROLS_SYNTAX = [
  ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
    selector: `JSXAttribute[name.name='className'] ${node}=${BUTTON_CLASS}]`,
    message: ONE_BUTTON,
  })),
  { selector: "JSXOpeningElement[name.name='input']:has(JSXAttribute[name.name='type'][value.value='file'])", message: 'Choose files with components/FilePicker.tsx: a themed button that names the chosen file.' },
  { selector: "JSXAttribute[name.name='role'][value.value='menu']", message: ONE_POPUP },
  { selector: "JSXAttribute[name.name='style'] Property[key.name=/^(top|left|right|bottom|inset)$/]", message: ONE_POPUP },
  { selector: "CallExpression[callee.name='createPortal']", message: ONE_POPUP },
  ...DATE_INPUT_SYNTAX,
];
const CONTROLS_IMPORTS = {
  paths: [{ name: 'react-dom', importNames: ['createPortal'], message: ONE_POPUP }],
  patterns: [
    { group: ['@radix-ui/react-popover'], message: ONE_POPUP },
    { group: ['@telegram-apps/telegram-ui/**/Button', '@telegram-apps/telegram-ui/**/Button/**'], message: ONE_BUTTON },
  ],
};

export default defineConfig(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { ignores: ['**/node_modules/', '**/dist/', '**/.data/', '**/out/', '**/coverage/', '**/dev-dist/'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'miniapp/tsconfig.json', 'e2e/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // `_`-prefixed names are unused on purpose: a rest copy without one key, a callback's fixed parameters.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Raw SQL rows and test response bodies are `any` on purpose; typing them is a refactor, not a lint fix.
      '@typescript-eslint/no-explicit-any': 'off',
      // `interface X extends Y {}` is how a module widens another's type (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['miniapp/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic hook rules: the React Compiler rules of v6+ would rewrite the app.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The one HTTP client (miniapp/src/lib/http.ts) is the only thing that adds X-Session-Token, the
    // session in Telegram Web's cookieless frame: a call that bypasses it fails there (issue 12).
    files: ['miniapp/src/**/*.{ts,tsx}'],
    ignores: ['miniapp/src/lib/http.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...['fetch', 'XMLHttpRequest'].map((name) => ({ name, message: ONE_CLIENT }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => ['fetch', 'XMLHttpRequest'].map((property) => ({ object, property, message: ONE_CLIENT }))),
        { object: 'navigator', property: 'sendBeacon', message: ONE_CLIENT },
      ],
    },
  },
  {
    // Flat config gives a rule the options of the last block that matches a file: a later block's
    // no-restricted-syntax or no-restricted-imports replaces an earlier one's. So the blocks below go
    // from the widest to the narrowest, and each repeats the selectors of the earlier ones that also
    // cover its files. Dates (issue 27) are formatted in one module per app: one cache of formatters,
    // and instants in the user's time zone (the profile's, else the browser's) rather than whichever
    // zone a screen happened to use.
    files: ['miniapp/src/**/*.{ts,tsx}', 'bot/src/**/*.ts'],
    ignores: ['miniapp/src/lib/dates.ts', 'bot/src/dates.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...DATE_SYNTAX],
    },
  },
  {
    // Error → text once in the web app (issue 27): only lib/ reads an ApiError's insides, so no screen
    // words a failure its own way (eleven helpers had grown, each with its own order of code and text).
    // One confirmation: only ConfirmHost renders components/ConfirmDialog.tsx, by a dynamic import.
    // No native date input, components/ included (DATE_INPUT_SYNTAX).
    files: ['miniapp/src/**/*.{ts,tsx}'],
    ignores: ['miniapp/src/lib/**'],
    rules: {
      'no-restricted-syntax': ['error', ...ERROR_TEXT_SYNTAX, ...CONFIRM_SYNTAX, ...DATE_SYNTAX, ...DATE_INPUT_SYNTAX],
      'no-restricted-imports': ['error', { patterns: CONFIRM_IMPORT_PATTERNS }],
    },
  },
  {
    // One set of controls (CONTROLS_SYNTAX) everywhere outside components/ and tests: with the dates
    // rule in lib/ ...
    files: ['miniapp/src/lib/**/*.{ts,tsx}'],
    ignores: ['miniapp/src/lib/dates.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...CONTROLS_SYNTAX, ...DATE_SYNTAX],
      'no-restricted-imports': ['error', CONTROLS_IMPORTS],
    },
  },
  {
    // ... alone in the date module itself ...
    files: ['miniapp/src/lib/dates.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...CONTROLS_SYNTAX],
      'no-restricted-imports': ['error', CONTROLS_IMPORTS],
    },
  },
  {
    // ... and with the error-text, confirmation and dates rules in features/, app/ and platform/.
    files: ['miniapp/src/**/*.{ts,tsx}'],
    ignores: ['miniapp/src/lib/**', 'miniapp/src/components/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...CONTROLS_SYNTAX, ...ERROR_TEXT_SYNTAX, ...CONFIRM_SYNTAX, ...DATE_SYNTAX],
      'no-restricted-imports': ['error', { paths: CONTROLS_IMPORTS.paths, patterns: [...CONTROLS_IMPORTS.patterns, ...CONFIRM_IMPORT_PATTERNS] }],
    },
  },
  {
    files: ['miniapp/src/components/ConfirmHost.tsx'],
    rules: {
      'no-restricted-syntax': ['error', ...ERROR_TEXT_SYNTAX, ...DATE_SYNTAX, ...DATE_INPUT_SYNTAX],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/migrations/**', 'server/src/seed/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...OPEN_RULE_SYNTAX],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', 'server/src/db/**', 'server/src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...OPEN_RULE_SYNTAX, ...DATA_LAYER_SYNTAX],
    },
  },
  {
    // A route file parses, calls a service and responds: SQL lives in repositories, which only
    // services and jobs import, and errors reach the one error middleware (http/errors.ts), which
    // turns each kind into its answer. The data layer's selectors are repeated: this list replaces
    // the block's above.
    files: ['server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...SQL_CALLS.flatMap((name) => [
          { selector: `CallExpression[callee.property.name='${name}']`, message: NO_SQL_IN_ROUTES },
          { selector: `CallExpression[callee.name='${name}']`, message: NO_SQL_IN_ROUTES },
        ]),
        ...repositoryImports(ROUTES_CALL_SERVICES),
        { selector: 'TryStatement', message: 'No try/catch in route files: throw, and let http/errors.ts answer (a domain error, TooLargeError, HttpError).' },
        { selector: "CallExpression[callee.object.name='router'][callee.property.name=/^(get|post|put|patch|delete|head|all|register)$/]", message: ONE_ROUTE_WAY },
        ...OPEN_RULE_SYNTAX,
        ...DATA_LAYER_SYNTAX,
      ],
    },
  },
  {
    // Mappers and entities import no repository either, with the server's selectors above. They are
    // all on the server; a wider glob would replace the web app's lists for a file named alike.
    files: ['server/src/**/*.mapper.ts', 'server/src/**/*.entity.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...OPEN_RULE_SYNTAX, ...DATA_LAYER_SYNTAX, ...repositoryImports(NO_REPOSITORY_IN_MAPPERS)],
    },
  },
  {
    // One reader of the environment per process, validated at start (server/src/config.ts); the test
    // harness sets up its own processes.
    files: ['server/src/**/*.ts', 'bot/src/**/*.ts', 'shared/src/**/*.ts'],
    ignores: ['server/src/config.ts', 'server/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings in server/src/config.ts and pass them in.' }],
    },
  },
  {
    // Services refuse with domain errors (shared/src/domain-errors.ts), which the HTTP middleware and
    // the bot each map once; only route files speak HTTP. The exceptions build HTTP-only answers: a
    // request's language for the password rule and account texts, an edit conflict's ETag, a list
    // cursor of the query string, an upload's decoding.
    files: ['server/src/modules/**/*.ts'],
    ignores: [
      '**/*.routes.ts',
      '**/*.test.ts',
      'server/src/modules/users/password-strength.ts',
      'server/src/modules/users/account-errors.ts',
      'server/src/modules/issues/issue-version.ts',
      'server/src/modules/issues/issue-cursor.ts',
      'server/src/modules/blog/images.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/errors.ts'], message: 'Services throw domain errors from @tracker/shared/domain-errors; HTTP errors belong to route files.' }] },
      ],
    },
  },
  {
    // A test beside db/ or http/ code drives the whole app through the modules' fixtures.
    files: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones.filter((zone) => zone !== infrastructure) }],
    },
  },
);
