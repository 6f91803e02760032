import path from 'node:path';

/**
 * ESLint rule `jala/feature-boundaries` for apps/web/src (ESLint 9 flat config, no plugin needed):
 * - a file in features/X may import another feature Y only through Y's index (`../../Y`), never a module
 *   inside it (`../../Y/components/card`): what Y offers the others is what its index.ts exports;
 * - components/ and lib/ never import features (they are the layers features build on).
 * Relative imports are resolved against the importing file and `@/…` against apps/web/src (the alias of
 * tsconfig.json and vite.config.ts), so a feature's own sub-folder that happens to share a name with
 * another feature is never mistaken for it.
 */

const SOURCE_ROOT = path.join('apps', 'web', 'src');

/** Where `file` sits: its layer (features/components/lib/other) and, for features, which one. */
function locate(file, root) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [layer, feature, ...rest] = relative.split(path.sep);
  return { layer, feature: layer === 'features' ? feature : null, inner: layer === 'features' ? rest.join('/') : null };
}

function isIndex(inner) {
  return inner === '' || /^index(\.tsx?)?$/.test(inner);
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are used through their index; components/ and lib/ do not import features.' },
    schema: [],
    messages: {
      deepImport: "Import feature '{{feature}}' through its index ('…/features/{{feature}}'), not '{{inner}}'.",
      layerImport:
        "'{{layer}}/' must not import features (here '{{feature}}'): move the shared part down into '{{layer}}/'.",
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const cwd = context.cwd ?? process.cwd();
    const root = path.resolve(cwd, SOURCE_ROOT);
    const importer = locate(file, root);
    if (!importer) return {};

    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      let resolved;
      if (specifier.startsWith('.')) resolved = path.resolve(path.dirname(file), specifier);
      else if (specifier.startsWith('@/')) resolved = path.join(root, specifier.slice(2));
      else return;
      const target = locate(resolved, root);
      if (!target || target.layer !== 'features' || !target.feature) return;
      if (importer.layer === 'components' || importer.layer === 'lib') {
        context.report({ node, messageId: 'layerImport', data: { layer: importer.layer, feature: target.feature } });
      } else if (importer.layer === 'features' && importer.feature !== target.feature && !isIndex(target.inner)) {
        context.report({
          node,
          messageId: 'deepImport',
          data: { feature: target.feature, inner: `${target.feature}/${target.inner}` },
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
