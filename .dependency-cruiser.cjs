/**
 * The import-circle check (`npm run lint:circles`, part of `npm test`): no file of apps/ or
 * packages/ may reach itself through its imports, type-only imports included.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: each module of it can only be understood, loaded and tested with all the others.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tsbuild|playwright-report|test-results)/' },
    // `import type` counts: a circle of types is still a circle of what must be read together.
    tsPreCompilationDeps: true,
    webpackConfig: { fileName: '.dependency-cruiser-resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
