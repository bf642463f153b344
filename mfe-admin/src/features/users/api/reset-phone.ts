import { api } from '@phonehaat/shared-data';

/** Takes a person's verified number off their account (and off their sign-in): they verify one again (issue 46). */
export const resetPhone = (id: string) => api.resetPhone({ params: { id } });
