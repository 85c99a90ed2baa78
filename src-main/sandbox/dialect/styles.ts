/**
 * The style dialects by name (`style:<name>`): whole public API styles, each coherent from envelope
 * to error body (style-edge.ts runs them). docs/sandbox.md describes each.
 */
import { styleSpec, type Style } from './style-edge';
import { AWS } from './style-aws';
import { GOOGLE } from './style-google';
import { JSONAPI } from './style-jsonapi';
import { K8S } from './style-k8s';
import { STRIPE } from './style-stripe';

export const STYLES = {
  k8s: K8S,
  jsonapi: JSONAPI,
  google: GOOGLE,
  stripe: STRIPE,
  aws: AWS,
} as const satisfies Readonly<Record<string, Style>>;
export type StyleName = keyof typeof STYLES;
export const STYLE_NAMES = Object.keys(STYLES) as StyleName[];

export const isStyleName = (s: string): s is StyleName => Object.hasOwn(STYLES, s);

const specs = new Map<string, ReturnType<typeof styleSpec>>();

export function styleSpecOf(name: StyleName) {
  let spec = specs.get(name);
  if (!spec) specs.set(name, (spec = styleSpec(STYLES[name])));
  return spec;
}
