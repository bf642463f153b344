// What My Product uses of a listing's check in the phone's own browser (issue 68).
export { TestPhoneDialog } from './components/test-phone-dialog';
