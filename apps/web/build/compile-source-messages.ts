import type { NodePath, PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * English is the source language and has no catalog (docs/decisions/076): each message stays in
 * the code that uses it, so a lazy page carries its own words and the first load carries only
 * the first screen's. Lingui's runtime formats only compiled messages, so this Babel plugin
 * compiles each message the Lingui macro wrote ({ id, message: "Hi {name}" }) into the form the
 * runtime reads (["Hi ", ["name"]]), at build time. Object literals with `id` and `message` that
 * were in the source before the macro ran (a toast's options, say) are left alone: the plugin
 * notes them on entering the file (plugins run before presets, so before the macro) and compiles
 * only the rest on leaving it.
 */
export function compileSourceMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const written = new WeakSet<BabelTypes.ObjectExpression>();
  const isDescriptor = (path: NodePath<BabelTypes.ObjectExpression>) => {
    const keys = path.node.properties.flatMap((p) =>
      t.isObjectProperty(p) && t.isIdentifier(p.key) ? [p.key.name] : [],
    );
    return keys.includes('id') && keys.includes('message');
  };
  return {
    name: 'focusroom-compile-source-messages',
    visitor: {
      Program: {
        enter(program) {
          program.traverse({
            ObjectExpression(path) {
              if (isDescriptor(path)) written.add(path.node);
            },
          });
        },
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              if (written.has(path.node) || !isDescriptor(path)) return;
              for (const property of path.node.properties) {
                if (
                  t.isObjectProperty(property) &&
                  t.isIdentifier(property.key, { name: 'message' }) &&
                  t.isStringLiteral(property.value)
                ) {
                  property.value = t.valueToNode(compileMessageOrThrow(property.value.value));
                }
              }
            },
          });
        },
      },
    },
  };
}
