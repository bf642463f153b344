// The one route table lives in the contract (the API builds the same addresses for e-mails); the apps keep importing it
// from here.
export { paths, patterns } from '@phonehaat/shared-api';
