import 'mocklib/vitest'
