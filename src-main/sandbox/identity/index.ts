/** The identity module: sign-in, sessions, authenticator, account, token endpoint, API clients. */
import type { SandboxModule } from '../core/types';
import { accountHandlers } from './account';
import { apiClientHandlers } from './api-clients';
import { loginHandlers } from './login';
import { oauthHandlers } from './oauth';
import { identityOf } from './service';
import { sessionHandlers } from './sessions';
import { totpHandlers } from './totp';

export const identityModule: SandboxModule = (world) => {
  const svc = identityOf(world);
  return {
    http: {
      ...loginHandlers(svc),
      ...sessionHandlers(svc),
      ...totpHandlers(svc),
      ...accountHandlers(svc),
      ...oauthHandlers(svc),
      ...apiClientHandlers(svc),
    },
  };
};
