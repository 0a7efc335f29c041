import ts from 'typescript';

/** The global each instrumented function calls first: `(file, function)`. */
export const ENTER = '__depotWalkEnter';

type FunctionWithBody =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

const isFunctionWithBody = (node: ts.Node): node is FunctionWithBody =>
  (ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)) &&
  node.body !== undefined;

const textOf = (name: ts.Node | undefined, source: ts.SourceFile): string | undefined =>
  name === undefined
    ? undefined
    : ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)
      ? name.text
      : name.getText(source);

/** The name of the class or object literal's variable a member belongs to, if any. */
const ownerOf = (node: ts.Node, source: ts.SourceFile): string | undefined => {
  const owner = node.parent;
  if (ts.isClassLike(owner)) return textOf(owner.name, source) ?? '<class>';
  if (ts.isObjectLiteralExpression(owner)) {
    const holder = owner.parent;
    if (ts.isVariableDeclaration(holder)) return textOf(holder.name, source);
    if (ts.isPropertyAssignment(holder)) return textOf(holder.name, source);
  }
  return undefined;
};

const memberName = (node: ts.Node, name: string | undefined, source: ts.SourceFile): string => {
  const owner = ownerOf(node, source);
  return owner === undefined ? (name ?? '<anonymous>') : `${owner}.${name ?? '<anonymous>'}`;
};

/** How a reader finds the function: its declared name, else what it is assigned to, else its line. */
const nameOf = (node: FunctionWithBody, source: ts.SourceFile): string => {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  if (ts.isConstructorDeclaration(node)) return memberName(node, 'constructor', source);
  if (ts.isGetAccessorDeclaration(node))
    return memberName(node, `get ${textOf(node.name, source)}`, source);
  if (ts.isSetAccessorDeclaration(node))
    return memberName(node, `set ${textOf(node.name, source)}`, source);
  if (ts.isMethodDeclaration(node)) return memberName(node, textOf(node.name, source), source);
  const own = textOf(node.name, source);
  if (own !== undefined) return own;
  const holder = node.parent;
  if (ts.isVariableDeclaration(holder)) return textOf(holder.name, source) ?? `<anonymous:${line}>`;
  if (ts.isPropertyAssignment(holder) || ts.isPropertyDeclaration(holder))
    return memberName(holder, textOf(holder.name, source), source);
  if (ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return holder.left.getText(source);
  return `<anonymous:${line}>`;
};

const enterCall = (file: string, name: string): ts.Expression =>
  ts.factory.createCallExpression(ts.factory.createIdentifier(ENTER), undefined, [
    ts.factory.createStringLiteral(file),
    ts.factory.createStringLiteral(name),
  ]);

const isSuperCall = (statement: ts.Statement | undefined): boolean =>
  statement !== undefined &&
  ts.isExpressionStatement(statement) &&
  ts.isCallExpression(statement.expression) &&
  statement.expression.expression.kind === ts.SyntaxKind.SuperKeyword;

/**
 * A transformer that makes every function of the module call `ENTER(file, name)` before its
 * body: a block body gets the call as its first statement (after `super(...)` in a
 * constructor), a concise arrow body becomes `(ENTER(...), body)`. Names are read from the
 * original nodes, before their children are rewritten.
 */
const entering =
  (file: string): ts.TransformerFactory<ts.SourceFile> =>
  (context) =>
  (source) => {
    const visit = (node: ts.Node): ts.Node => {
      if (!isFunctionWithBody(node)) return ts.visitEachChild(node, visit, context);
      const name = nameOf(node, source);
      const visited = ts.visitEachChild(node, visit, context);
      const body = visited.body;
      if (body === undefined) return visited;
      const call = enterCall(file, name);
      if (!ts.isBlock(body)) {
        const arrow = visited as ts.ArrowFunction;
        return ts.factory.updateArrowFunction(
          arrow,
          arrow.modifiers,
          arrow.typeParameters,
          arrow.parameters,
          arrow.type,
          arrow.equalsGreaterThanToken,
          ts.factory.createParenthesizedExpression(
            ts.factory.createComma(call, ts.factory.createParenthesizedExpression(body)),
          ),
        );
      }
      const statements = [...body.statements];
      const at = ts.isConstructorDeclaration(node) && isSuperCall(statements[0]) ? 1 : 0;
      statements.splice(at, 0, ts.factory.createExpressionStatement(call));
      const block = ts.factory.updateBlock(body, statements);
      return replaceBody(visited, block);
    };
    return ts.visitEachChild(source, visit, context);
  };

const replaceBody = (node: FunctionWithBody, body: ts.Block): ts.Node => {
  const f = ts.factory;
  if (ts.isFunctionDeclaration(node))
    return f.updateFunctionDeclaration(
      node,
      node.modifiers,
      node.asteriskToken,
      node.name,
      node.typeParameters,
      node.parameters,
      node.type,
      body,
    );
  if (ts.isFunctionExpression(node))
    return f.updateFunctionExpression(
      node,
      node.modifiers,
      node.asteriskToken,
      node.name,
      node.typeParameters,
      node.parameters,
      node.type,
      body,
    );
  if (ts.isArrowFunction(node))
    return f.updateArrowFunction(
      node,
      node.modifiers,
      node.typeParameters,
      node.parameters,
      node.type,
      node.equalsGreaterThanToken,
      body,
    );
  if (ts.isMethodDeclaration(node))
    return f.updateMethodDeclaration(
      node,
      node.modifiers,
      node.asteriskToken,
      node.name,
      node.questionToken,
      node.typeParameters,
      node.parameters,
      node.type,
      body,
    );
  if (ts.isConstructorDeclaration(node))
    return f.updateConstructorDeclaration(node, node.modifiers, node.parameters, body);
  if (ts.isGetAccessorDeclaration(node))
    return f.updateGetAccessorDeclaration(
      node,
      node.modifiers,
      node.name,
      node.parameters,
      node.type,
      body,
    );
  return f.updateSetAccessorDeclaration(node, node.modifiers, node.name, node.parameters, body);
};

/**
 * A TypeScript module compiled to JavaScript (an ES module, the project's compiler options)
 * with every function body calling `ENTER(file, name)` first. `file` is the module's path
 * relative to the repository, as the walk prints it.
 */
export const instrument = (sourceText: string, file: string): string =>
  ts.transpileModule(sourceText, {
    fileName: file,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      esModuleInterop: true,
      sourceMap: false,
      inlineSourceMap: true,
      inlineSources: true,
    },
    transformers: { before: [entering(file)] },
  }).outputText;
