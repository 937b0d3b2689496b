// Entry of the lane UI: connects to the lane (Electron's preload or the web bridge) and mounts it.
import { mount } from 'svelte';
import App from './App.svelte';
import { connectLane } from './lane/connect.ts';
import { LaneStore } from './state/lane-store.svelte.ts';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/screens.css';

const store = new LaneStore(connectLane);
mount(App, { target: document.getElementById('app') as HTMLElement, props: { store } });
