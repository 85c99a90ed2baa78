/**
 * Every route × hostile parameter value: the path the agent sends (after the URL normalisation
 * every HTTP client applies) matches the route's template with exactly one segment per parameter,
 * or the value is refused at input as invalid_input. Dot segments must never leave the table.
 */
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src-main/contract/errors';
import { ROUTES, fillPath, pathParams } from '../../../src-main/contract/routes';
import { HOSTILE_PARAM_VALUES, matchesTemplate } from '../../support/route-template';

const withParams = ROUTES.filter((r) => pathParams(r).length > 0);

describe('path parameters', () => {
  it('refuses dot segments, their percent-encoded forms and empty values as invalid_input', () => {
    const route = withParams[0]!;
    for (const bad of ['.', '..', '%2e', '%2E%2e', '.%2e', '%2e.', '', '%252e', '%252e%252e', '%25252E.', '.%252E']) {
      const params = Object.fromEntries(pathParams(route).map((p) => [p, bad]));
      let thrown: unknown;
      try {
        fillPath(route, params);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, JSON.stringify(bad)).toBeInstanceOf(AgentError);
      expect((thrown as AgentError).code).toBe('invalid_input');
    }
  });

  it(`keeps every route (${withParams.length} with parameters) inside its template for every hostile value`, () => {
    let combos = 0;
    for (const route of withParams) {
      for (const value of HOSTILE_PARAM_VALUES) {
        const names = pathParams(route);
        const params = Object.fromEntries(names.map((p) => [p, value]));
        let sent: string;
        try {
          sent = new URL(`/base${fillPath(route, params)}`, 'http://127.0.0.1').pathname.slice('/base'.length);
        } catch (err) {
          expect((err as AgentError).code, `${route.id} ${JSON.stringify(value)}`).toBe('invalid_input');
          continue;
        }
        combos++;
        expect(matchesTemplate(route, sent, params), `${route.id} ${JSON.stringify(value)} -> ${sent}`).toBe(true);
      }
    }
    expect(combos).toBeGreaterThan(withParams.length);
  });
});
