/**
 * The one module imported for its effect (main.ts imports it first): the agent's socket, whose
 * worker takes ~75 ms to start here, starts before the app's other modules (Naive UI, Vue, the
 * shell: ~100 ms of a start) are evaluated, so it is open when the app first asks (#39).
 */
import { connectAgent } from '../agent';

connectAgent();
