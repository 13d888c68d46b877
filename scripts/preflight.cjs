// Runs before `npm start`, `npm test` and `npm run dev`: on a Node.js older than package.json's
// engines admit, one line saying which one is needed and how to get it, instead of a crash deep
// in a native module. CommonJS and old syntax on purpose, so that any Node.js can read it.
var need = Number(/\d+/.exec(require('../package.json').engines.node)[0]);
var major = Number(process.versions.node.split('.')[0]);
if (major < need) {
  console.error(
    'Vigil needs Node.js ' +
      need +
      ' or newer (26 is the line CI tests; .nvmrc names it); this is ' +
      process.version +
      '. Install it with `nvm install` (reads .nvmrc) or from https://nodejs.org/en/download, then run `npm ci` again.',
  );
  process.exit(1);
}
