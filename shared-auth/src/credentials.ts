// Tells the data layer (shared-data's client) whose calls it makes: the access token this browser holds, and on a
// server rendering a returning user's page their token for that render. Runs once, as shared-auth loads.
import { setCredentials } from '@phonehaat/shared-data';
import { renderSession } from './session-store';
import { accessToken } from './token';

setCredentials({ token: () => accessToken.get(), serverToken: () => renderSession()?.token });
