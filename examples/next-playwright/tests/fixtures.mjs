// Each worker's handlers, and `remote`: the test's own scope, whose header the test's browser
// context sends with every request.
import { test as base, expect } from '@playwright/test'
import { HttpResponse, http } from 'mocklib'
import { remoteFixtures } from 'mocklib/playwright'

export { expect }

export const test = base.extend(
  remoteFixtures(
    http.get('https://api.example.test/user', () => HttpResponse.json({ name: 'the worker default' })),
    http.get('https://api.example.test/greeting', () => HttpResponse.text('hello from the worker')),
  ),
)
