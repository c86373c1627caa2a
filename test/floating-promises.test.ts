// The store is asynchronous: a repository call whose promise nobody awaits may run after its
// transaction committed (PostgreSQL) or hide its error. The type checker finds every statement that
// drops a promise; `void` or a .catch() marks the few that mean to.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function floatingPromises(): string[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  // A chain with a .catch() handles its rejection.
  const caught = (node: ts.Expression): boolean =>
    ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && (node.expression.name.text === 'catch' || caught(node.expression.expression));
  const isPromise = (node: ts.Expression) => {
    const type = checker.getTypeAtLocation(node);
    return [type, ...(type.isUnion() ? type.types : [])].some((t) => !!checker.getPropertyOfType(t, 'then'));
  };
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile || sf.fileName.includes('node_modules') || !/\/(src|commands|bench|scripts)\//.test(sf.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isExpressionStatement(node)) {
        const e = node.expression;
        const handled = ts.isAwaitExpression(e) || ts.isVoidExpression(e) || caught(e) || (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken);
        if (!handled && isPromise(e)) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          found.push(`${path.relative(root, sf.fileName)}:${line + 1}: ${node.getText(sf).slice(0, 80)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe('promises', () => {
  it('no statement in the product drops a promise (await it, or mark it with void)', () => {
    expect(floatingPromises()).toEqual([]);
  }, 60_000);
});
