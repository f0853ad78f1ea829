// A set-up file as the docs suggest: the handler matchers from the installed package.
import 'mocklib/vitest'
