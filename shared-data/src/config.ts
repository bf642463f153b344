// Where the API is: the one PUBLIC_* variable the data layer reads (tools/federation/public-env.ts allow-lists it).
const apiUrl = import.meta.env.PUBLIC_API_URL;
if (!apiUrl) throw new Error('PhoneHaat is misconfigured: missing apiUrl (see README, Configuration)');

export const config = { apiUrl };
