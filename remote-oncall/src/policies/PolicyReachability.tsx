import { usePolicyReachability } from '@vigil/shared';
import { ReachabilityWarning } from '../components/ReachabilityWarning';

/** Who the policy reaches and cannot be woken, through its levels and its schedules. */
export function PolicyReachability({ policyId }: { policyId: string }) {
  const reachability = usePolicyReachability(policyId);
  return <ReachabilityWarning reachability={reachability.data} what="this policy reaches" />;
}
