// The project's own rules (CONTRIBUTING.md, "Rules that are checked"), as an ESLint plugin used by
// eslint.config.mjs. Each rule says what to do instead, so a message is its own documentation.

/** `headers.get('accept')` (any case of the name). */
function isAcceptRead(node) {
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    !node.callee.computed &&
    node.callee.property.name === 'get' &&
    node.arguments.length === 1 &&
    node.arguments[0].type === 'Literal' &&
    typeof node.arguments[0].value === 'string' &&
    node.arguments[0].value.toLowerCase() === 'accept'
  )
}

/** Accept is read only to be handed to a function built on runtime/media-ranges.ts. */
const acceptViaMediaRanges = {
  meta: {
    type: 'problem',
    messages: {
      byHand:
        'The Accept header is parsed only by runtime/media-ranges.ts: pass the value straight to ' +
        'acceptsMediaType(), mediaRanges() or a function built on them, instead of comparing, splitting or keeping it.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (!isAcceptRead(node)) return
        let value = node
        // `headers?.get('accept') ?? null` still goes straight into the call.
        while (
          value.parent.type === 'ChainExpression' ||
          (value.parent.type === 'LogicalExpression' && value.parent.left === value)
        ) {
          value = value.parent
        }
        const parent = value.parent
        if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.includes(value))
          return
        context.report({ node, messageId: 'byHand' })
      },
    }
  },
}

/** True when `type` is Response or a class built on it (HttpResponse), in this realm's lib types. */
function isResponseType(type, checker, seen = new Set()) {
  if (seen.has(type)) return false
  seen.add(type)
  if (type.isUnion()) return type.types.some((member) => isResponseType(member, checker, seen))
  const symbol = type.getSymbol()
  if (symbol?.getName() === 'Response') return true
  for (const base of type.isClassOrInterface() ? (checker.getBaseTypes(type) ?? []) : []) {
    if (isResponseType(base, checker, seen)) return true
  }
  const target = type.target
  return target !== undefined && target !== type && isResponseType(target, checker, seen)
}

/**
 * `response.body` makes Node's Response build its stream; the body module decides when that is
 * needed (eslint.config.mjs lists its files). Elsewhere, read bodies through it.
 */
const noResponseBody = {
  meta: {
    type: 'problem',
    messages: {
      body:
        'Reading `.body` of a Response builds its stream and takes the fast paths away: use the body module ' +
        '(hasResponseBody(), takeBody(), discardBody()) instead.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices
    if (services?.program == null) return {}
    const checker = services.program.getTypeChecker()
    return {
      MemberExpression(node) {
        if (node.computed || node.property.name !== 'body') return
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node.object))
        if (isResponseType(type, checker)) context.report({ node, messageId: 'body' })
      },
    }
  },
}

/** `x instanceof SomethingHandler`: a handler from the other build (ESM or CommonJS) is not an instance. */
const handlerBrandCheck = {
  meta: {
    type: 'problem',
    messages: {
      instance:
        'Handlers are recognised by their brand, not by instanceof: a handler made by the other build of ' +
        'mocklib (ESM or CommonJS) or another bundle is not an instance. Use a brand check (isRequestHandler(), ' +
        'isWebSocketHandler()...).',
    },
    schema: [],
  },
  create(context) {
    return {
      BinaryExpression(node) {
        if (node.operator === 'instanceof' && node.right.type === 'Identifier' && /Handler$/.test(node.right.name)) {
          context.report({ node, messageId: 'instance' })
        }
      },
    }
  },
}

/** `throw new Error(...)` / `throw new TypeError(...)`: an argument error is a coded MocklibTypeError. */
const codedArgumentErrors = {
  meta: {
    type: 'problem',
    messages: {
      plain:
        'Argument errors are coded: throw new MocklibTypeError(code, message) (runtime/errors.ts). For an error ' +
        'that is not about an argument (a state, the environment, a file), disable this line saying which.',
    },
    schema: [],
  },
  create(context) {
    return {
      ThrowStatement(node) {
        const thrown = node.argument
        if (
          thrown?.type === 'NewExpression' &&
          thrown.callee.type === 'Identifier' &&
          /^(Type)?Error$/.test(thrown.callee.name)
        ) {
          context.report({ node: thrown, messageId: 'plain' })
        }
      },
    }
  },
}

export const mocklibRules = {
  meta: { name: 'mocklib' },
  rules: {
    'accept-via-media-ranges': acceptViaMediaRanges,
    'no-response-body': noResponseBody,
    'handler-brand-check': handlerBrandCheck,
    'coded-argument-errors': codedArgumentErrors,
  },
}
