import 'mocklib/jest'
