// The product's import graph, read with the TypeScript compiler API: each file under the given folders
// is parsed on its own (no type check, so the whole graph is read in well under a second) and every
// module specifier is resolved with the tsconfig's own options, as tsc and tsx resolve it.
import path from 'node:path';
import ts from 'typescript';

/**
 * `static`: an import or re-export evaluated when the module loads; these order module evaluation, so a
 * circle of them can hand a module a binding that is not yet initialised.
 * `lazy`: `import('…')` in code, run later; it still couples the two files, but it cannot form a load-time circle.
 */
export type ImportKind = 'static' | 'lazy';

export interface ImportEdge {
  to: string;
  kind: ImportKind;
}

export interface ImportGraph {
  /** Paths relative to the root, '/'-separated; every file read is a key, even one that imports nothing. */
  edges: Map<string, ImportEdge[]>;
}

/**
 * The module specifiers a file uses at run time. `import type …` / `export type …` are skipped: they
 * vanish from the emitted JavaScript. An `import { type A } from` without a value name is kept: under
 * the tsconfig's verbatimModuleSyntax it is emitted as `import {} from …` and still loads the module.
 */
export function runtimeSpecifiers(sf: ts.SourceFile): { spec: string; kind: ImportKind }[] {
  const out: { spec: string; kind: ImportKind }[] = [];
  const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly) {
      const spec = literal(st.moduleSpecifier);
      if (spec) out.push({ spec, kind: 'static' });
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
      const spec = literal(st.moduleSpecifier);
      if (spec) out.push({ spec, kind: 'static' });
    } else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly && ts.isExternalModuleReference(st.moduleReference)) {
      const spec = literal(st.moduleReference.expression);
      if (spec) out.push({ spec, kind: 'static' });
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const spec = literal(node.arguments[0]);
      if (spec) out.push({ spec, kind: 'lazy' });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Reads every .ts file under `folders` (relative to `root`); edges lead only to files of the graph. */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!config) throw new Error('tsconfig.json could not be read');
  const options = config.options;
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const files = folders.flatMap((folder) => ts.sys.readDirectory(path.join(root, folder), ['.ts'], ['**/*.d.ts']));
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const known = new Set(files.map(rel));
  const edges = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const sf = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const out: ImportEdge[] = [];
    for (const { spec, kind } of runtimeSpecifiers(sf)) {
      const resolved = ts.resolveModuleName(spec, file, options, ts.sys, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const to = rel(resolved.resolvedFileName);
      if (known.has(to)) out.push({ to, kind });
    }
    edges.set(rel(file), out);
  }
  return { edges };
}
