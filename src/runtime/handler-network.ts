import { isResponse } from './platform-response'
import { acrossDownlink, acrossUplink, type NetworkOption } from './scope-network'
import { networkLink } from './throttle'

/**
 * A handler's own link (`http.post(url, resolver, { network })`): its resolver sees a request
 * once it has crossed the link (`latency`, then its body at `upload` bytes per second), and the
 * response it answers with streams back at `download`. Offline, its requests fail as an
 * unreachable host's, and the resolver does not run. The link is checked where it is given.
 */
export function withHandlerNetwork<Resolver extends (info: never) => unknown>(
  resolver: Resolver,
  network: NetworkOption,
  header: string,
): Resolver {
  const link = networkLink(network, `The handler "${header}" with { network: %s }`)
  const call = resolver as unknown as (info: { request: Request }) => unknown
  const crossing = async (info: { request: Request }) => {
    const failed = await acrossUplink(link, info.request)
    if (failed !== undefined || link === 'offline') return failed
    const answer = await call(info)
    return isResponse(answer) ? acrossDownlink(link, answer) : answer
  }
  return crossing as unknown as Resolver
}
