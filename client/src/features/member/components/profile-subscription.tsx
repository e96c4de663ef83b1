/**
 * The profile's 招标订阅 (subscribeKeywords/subscribeRegions, spec §7) as the member's first
 * subscription: any one keyword matches, in the regions chosen. The alert pages of both sites show
 * it first, beside the alert subscriptions, and send the member to the profile form to change it.
 */
import { DICT_TYPES } from '@shared/system/types';
import { useDict } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { subscriptionOf } from '../subscription-rules';

/** What the matching calls it (alert details read 匹配订阅「会员资料订阅」). */
export const PROFILE_SUBSCRIPTION_NAME = '会员资料订阅';

export interface ProfileSubscription {
  keywords: string[];
  /** region names */
  regions: string[];
  /** whether it sets a keyword or a region: without one it alerts nothing */
  active: boolean;
}

export function useProfileSubscription(): ProfileSubscription {
  const user = useSession().member_info;
  const regions = useDict(DICT_TYPES.region);
  const { keywords, regions: codes } = subscriptionOf(user);
  return { keywords, regions: codes.map((code) => regionName(regions, code)), active: keywords.length > 0 || codes.length > 0 };
}
