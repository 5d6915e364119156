// The web app's `@/` import alias (apps/web/tsconfig.json's `paths`), for dependency-cruiser: its
// reading of tsconfig paths resolves them from the working folder, not from apps/web.
module.exports = { resolve: { alias: { '@': `${__dirname}/apps/web/src` } } };
