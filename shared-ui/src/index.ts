// The public face of @phonehaat/shared-ui. Design tokens and the page base: '@phonehaat/shared-ui/tokens.css'.
export { Button, buttonClass, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/button';
export { Card, type CardProps } from './card/card';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog';
export { Container, type ContainerProps } from './container/container';
export { TabNav, type TabNavProps } from './tab-nav/tab-nav';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state';
export {
  ErrorBoundary,
  type ErrorBoundaryFallbackProps,
  type ErrorBoundaryProps,
} from './error-boundary/error-boundary';
export { ErrorState, type ErrorStateProps } from './error-state/error-state';
export { Grid, type GridProps } from './grid/grid';
export { ItemList, ItemRow, type ItemListProps, type ItemRowProps } from './item-row/item-row';
export { Modal, type ModalProps } from './dialog/modal';
export { closeDialog, dialogCommand, NativeDialog, openDialog, type NativeDialogProps } from './dialog/native-dialog';
export { PageHeader, type PageHeaderProps } from './page-header/page-header';
export { DocumentTitle } from './document-title/document-title';
export { Pagination, type PaginationProps } from './pagination/pagination';
export { Price, type PriceProps } from './price/price';
export { ProductCard, photoSrcSet, type ProductCardProps } from './product-card/product-card';
export { conditionText } from './product-card/condition';
export { yearsUsedText, yearText } from './product-card/years-used';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field/select-field';
export { ProductCardSkeleton } from './skeleton/product-card-skeleton';
export { Skeleton, type SkeletonProps } from './skeleton/skeleton';
export { PageSpinner, type PageSpinnerProps } from './spinner/page-spinner';
export { Spinner, type SpinnerProps } from './spinner/spinner';
export { TextAreaField, type TextAreaFieldProps } from './text-area-field/text-area-field';
export { TextField, type TextFieldProps } from './text-field/text-field';
export type { FileFieldProps } from './file-field/file-field';
export { notify } from './toast/notify';
export { Outcome, revealElement, type OutcomeProps } from './outcome/outcome';
export { ToastHost } from './toast/toast-host';
export { VerifiedBadge, type VerifiedBadgeProps } from './verified-badge/verified-badge';
export { PhoneVerifiedMark } from './verified-badge/phone-verified-mark';
export { ImeiBadge } from './imei-badge/imei-badge';
export { TestedBadge } from './tested-badge/tested-badge';
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden/visually-hidden';
export { catalogs, richMessage, useLanguage, type MessageValues, type RichValues } from './i18n/catalogs';
export { UserText } from './user-text/user-text';
export { useFirstErrorFocus } from './field/use-first-error-focus';
export { asciiDigits, formatDate, formatNumber, formatPercent, formatPhoneNumber, formatRating, formatTaka, formatTakaExact, formatTakaShort, warmFormats } from './i18n/format';
export { ReviewStars, SellerRating } from './seller-rating/seller-rating';
export type { ReviewListProps } from './review-list/review-list';
export { ConfirmDialog, FileField, loadSeldomParts, QrLink, ReviewList, ReviewReply } from './seldom/seldom-parts';
export { AddressFields, loadDeliveryParts, NeirSteps, ParcelTimeline } from './delivery/delivery-parts';
export { checkAddress, emptyAddress, placeName, type AddressDraft, type AddressField } from './address-fields/address';
export type { AddressFieldsProps } from './address-fields/address-fields';
export { lazyParts } from './lazy-parts/lazy-parts';
export * from './i18n/languages';
export { activateLanguage, currentLanguage, loadCatalogs, type CatalogLoaders, type CompiledCatalog } from './i18n/runtime';
