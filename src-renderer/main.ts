import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { installErrorCapture } from './data/report-error';
import { installZoneGate } from './data/zone-gate';
import { installZoneHealth } from './data/zone-health';
import { useZonesStore } from './state/zones';
import './styles/base.css';

// Wiring is done here, by name, never as a side effect of importing a module.
installZoneGate();
installZoneHealth();

const app = createApp(App);
installErrorCapture(app);
const pinia = createPinia();
app.use(pinia);
// The zone list is asked for before the app mounts (issue #28): the agent's socket comes up (a
// worker, a handshake) and the list is read while the providers and the boot screen are made,
// instead of after. AppRoot starts the other stores; this start is the same one, made earlier.
useZonesStore(pinia).start();
app.mount('#app');
