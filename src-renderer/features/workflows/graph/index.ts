/**
 * The DAG picture for screens to use: loaded on demand, so vue-flow and its stylesheet come in a
 * lazy chunk with the first screen that shows a graph, not in the initial bundle.
 */
import { defineAsyncComponent } from 'vue';

export const WorkflowGraph = defineAsyncComponent(() => import('./WorkflowGraph.vue'));
export type { NodeStatus } from './graph-state';
