import { setupWorker } from 'mocklib/browser'
import { handlers } from './handlers'

export const worker = setupWorker(...handlers)
