// What a Jest project's set-up file does to get the handler matchers.
import 'mocklib/jest'
