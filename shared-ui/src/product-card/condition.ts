import { t } from '../i18n/ui-catalog';

/** A listing's condition (Excellent, Good or Fair) in the page's language. */
export const conditionText = (condition: string): string => t('condition', { condition });
