/**
 * The keychain figures on their own (keychain.ts runs this under .ci/with-keyring.sh when the bench
 * reaches no keychain): their comments on stdout, their figures as JSON on the last line.
 */
import { benchCliKubeconfig } from './cli-kubeconfig';
import { benchSignature } from './signature';

const figures = { ...(await benchCliKubeconfig()), ...(await benchSignature()) };
console.log(JSON.stringify(figures));
