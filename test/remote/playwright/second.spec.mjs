import { scopedPageTests } from './fixtures.mjs'

scopedPageTests('second file')
