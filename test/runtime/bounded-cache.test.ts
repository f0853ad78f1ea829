import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../../src/runtime/bounded-cache'

describe('BoundedCache', () => {
  it('evicts the least recently used entry, counting repeated hits on the newest one', () => {
    const cache = new BoundedCache<string, number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    // 'b' is already the newest: hitting it again must not disturb the order.
    expect(cache.get('b')).toBe(2)
    expect(cache.get('b')).toBe(2)
    cache.set('c', 3)
    expect(cache.has('a')).toBe(false)
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3])
  })

  it('moves an older entry to the newest end when it is read', () => {
    const cache = new BoundedCache<string, number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.has('b')).toBe(false)
    expect(cache.get('a')).toBe(1)
  })

  it('forgets the newest key once it is deleted or cleared', () => {
    const cache = new BoundedCache<string, number>(2)
    cache.set('a', 1)
    cache.set('b', 2)
    cache.delete('b')
    cache.set('b', 4)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.has('b')).toBe(false)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(cache.get('a')).toBeUndefined()
  })
})
