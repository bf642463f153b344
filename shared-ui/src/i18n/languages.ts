// The languages are part of the contract (the API answers in the one a request asks for): they live in shared-api.
export * from '@phonehaat/shared-api/languages';
