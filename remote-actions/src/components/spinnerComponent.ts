// The lazily loaded part of LazySpinner.tsx.
export { Spinner as default } from '@fluentui/react-components';
