// Every message of the mocklib codegen plugin: what is wrong, and which option or operation to change.
const PREFIX = '[mocklib/codegen]'

const show = (value: unknown): string =>
  typeof value === 'string' ? `"${value}"` : value === null ? 'null' : typeof value

export const codegenMessages = {
  badExtension: (outputFile: string): string =>
    `${PREFIX} The plugin writes TypeScript, but the output "${outputFile}" is not a .ts, .mts, .cts or .tsx file. Change the output file's extension.`,
  linksNotArray: (links: unknown): string =>
    `${PREFIX} The "links" option must be an array of { name, endpoint }, got ${show(links)}.`,
  badLink: (index: number, link: unknown): string =>
    `${PREFIX} links[${index}] must be an object { name, endpoint }, got ${show(link)}.`,
  badIdentifier: (option: string, value: unknown): string =>
    `${PREFIX} The "${option}" option must be a valid TypeScript identifier (letters, digits, _ or $, not starting with a digit), got ${show(value)}.`,
  badEndpoint: (name: string): string =>
    `${PREFIX} The link "${name}" needs an "endpoint": the URL, path or pattern graphql.link() takes.`,
  clashingFactories: (name: string, other: string): string =>
    `${PREFIX} The factories of link "${name}" would have the same names as ${other}. Give one of them a suffix (withSuffix: true), or set unscoped: false.`,
  nothingToGenerate: (): string =>
    `${PREFIX} With unscoped: false and no links there are no factories to generate. Add a link, or remove unscoped: false.`,
  missingNamingHelper: (reason: string): string =>
    `${PREFIX} The plugin names operation types as typescript-operations does, with @graphql-codegen/visitor-plugin-common, which could not be loaded (${reason}). It is installed with @graphql-codegen/typescript-operations; with pnpm or Yarn PnP, add it to your devDependencies.`,
  // Comments in the generated file, where an operation is skipped.
  skippedAnonymous: (type: string, location: string): string =>
    `Skipped: an anonymous ${type}${location}. Handlers match operations by name: give it a name, or answer it with graphql.operation().`,
  skippedDuplicate: (type: string, name: string): string =>
    `Skipped: a second operation named ${name} (${type}). Operation names must be unique to be matched by name.`,
}
