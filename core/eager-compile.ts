// Large module wrappers in a bundle, compiled with their file rather than when first called.
// esbuild wraps each CommonJS module (react-dom's client is one, 200 KB) in an arrow function that
// runs on first require. V8 compiles a function lazily, on the main thread, when it is first
// called: parsing react-dom there made the page's entry a 50–60 ms task after first paint on a
// phone-speed CPU, the one long task left while a page loads. A function written as
// `(function (…) {…})` is compiled together with its script instead, which Chrome does off the main
// thread while the file streams in. Rewriting the wrappers into that form changes nothing a page
// does: only wrappers whose body uses neither `this`, `arguments`, `super` nor `new.target`
// (where an arrow and a function differ) are rewritten.
import { parse } from 'acorn';

/** Wrappers below this size are cheap to compile when called; leaving them keeps the rewrite to module bodies. */
export const EAGER_MIN_CHARS = 8 * 1024;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** True when `node` uses, at its own function level, something an arrow and a function bind differently. */
function bindsDifferently(node: Node): boolean {
  if (node.type === 'ThisExpression' || node.type === 'Super' || node.type === 'MetaProperty') return true;
  if (node.type === 'Identifier' && node.name === 'arguments') return true;
  // A non-arrow function has its own `this` and `arguments`: what it uses is its own business.
  if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) if (isNode(child) && bindsDifferently(child)) return true;
  }
  return false;
}

/** The top-level `var x = wrap((a, b) => {…})` arrows worth compiling with the file. */
function wrapperArrows(program: Node): Node[] {
  const arrows: Node[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init?.type !== 'CallExpression' || (init.callee as Node).type !== 'Identifier') continue;
      const args = init.arguments as Node[];
      const arrow = args[0];
      if (args.length !== 1 || arrow?.type !== 'ArrowFunctionExpression' || arrow.async) continue;
      const params = arrow.params as Node[];
      if ((arrow.body as Node).type !== 'BlockStatement' || !params.every((p) => p.type === 'Identifier')) continue;
      if (arrow.end - arrow.start < EAGER_MIN_CHARS || bindsDifferently(arrow.body as Node)) continue;
      arrows.push(arrow);
    }
  }
  return arrows;
}

/** `code` (an ES module) with its large module wrappers written as parenthesised functions. */
export function eagerModuleWrappers(code: string): string {
  let program: Node;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Node;
  } catch {
    return code; // Not a module acorn reads: shipped as esbuild wrote it, lazily compiled as before.
  }
  let out = code;
  // From the end, so earlier offsets stay valid.
  for (const arrow of wrapperArrows(program).reverse()) {
    const params = (arrow.params as Node[]).map((p) => p.name as string).join(',');
    const body = arrow.body as Node;
    out = `${out.slice(0, arrow.start)}(function(${params})${out.slice(body.start, arrow.end)})${out.slice(arrow.end)}`;
  }
  return out;
}
