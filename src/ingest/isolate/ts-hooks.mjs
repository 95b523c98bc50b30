// Lets a parsing process run from the TypeScript sources (under Vitest, before `npm run build`):
// `node --import ./ts-hooks.mjs parse-child.ts`. Imports written `./x.js` resolve to `./x.ts`
// when only the source exists, and `.ts` files are transpiled with the `typescript` package
// (a dev dependency), cached by content under node_modules/.cache. The built package never uses
// this: dist/ holds the compiled parse-child.js.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
