// shared-ui's own tests: what every app's tests have (app-setup.ts), plus the design tokens its stylesheet tests read.
import './app-setup';
import '../tokens.css';
