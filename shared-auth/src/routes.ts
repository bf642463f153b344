// The one route table lives in the contract (the API builds the same addresses for e-mails); the apps keep importing it
// from here. From its own module: the contract's index would bring zod and every schema into the first page's code.
export { paths, patterns } from '@phonehaat/shared-api/routes';
