// At the handover (issue 68): the check that the phone in hand is the tested one, and NEIR's KYD check.
export { HandoverCheckDialog } from './components/handover-check-dialog';
export { HandoverVerdict } from './components/handover-verdict';
export { KydForm } from './components/kyd-form';
