import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { pageCountOf } from './usePageParam';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalM,
  },
  status: { color: tokens.colorNeutralForeground2, paddingInline: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
});

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** Total number of items (the list answer's `count`). */
  count: number;
  onPageChange: (page: number) => void;
  /** Disables both buttons, e.g. while the next page loads. */
  disabled?: boolean;
}

/** Previous / "Page n of m" / Next, under a list. */
export function Pagination({ page, pageSize, count, onPageChange, disabled = false }: PaginationProps) {
  const styles = useStyles();
  const pageCount = pageCountOf(count, pageSize);
  return (
    <nav className={styles.root} aria-label="Pagination">
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(Math.min(page - 1, pageCount))}
      >
        Previous
      </Button>
      <Text className={styles.status} aria-live="polite">
        Page {page} of {pageCount}
      </Text>
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={disabled || page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
