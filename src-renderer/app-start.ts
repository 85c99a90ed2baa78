/**
 * The app itself, loaded by main.ts once the agent's socket is on its way (see there).
 */
import { createApp } from 'vue';
import App from './App.vue';
import { installErrorCapture } from './data/report-error';
import { zonedeckApp } from './shell/app-plugin';

// Wiring is done by the app's plugin, never as a side effect of importing a module.
const app = createApp(App);
installErrorCapture(app);
app.use(zonedeckApp()).mount('#app');
