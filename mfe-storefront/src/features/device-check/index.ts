// What the rest of the storefront uses of the phone's own check (issue 68): a phone's page shows its report.
export { DeviceReport } from './components/device-report';
