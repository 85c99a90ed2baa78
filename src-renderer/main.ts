import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { installErrorCapture } from './data/report-error';
import { installZoneGate } from './data/zone-gate';
import { installZoneHealth } from './data/zone-health';
import './styles/base.css';

// Wiring is done here, by name, never as a side effect of importing a module.
installZoneGate();
installZoneHealth();

const app = createApp(App);
installErrorCapture(app);
app.use(createPinia()).mount('#app');
