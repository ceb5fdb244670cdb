// Settings → 'Biometric policy': per site, identify (one press searched among the site's people, on
// the kiosk) or verify (personal number, then one press compared on the server with that person).
// Admins change it; everyone who reads Settings sees it.
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotedTableCard } from '../../components/table/NotedTableCard.tsx';
import { useFeedback } from '../../shared/feedback/index.ts';
import {
  POLICIES,
  useSetSitePolicy,
  useSitePolicies,
  type BiometricPolicy,
  type SitePolicyRow,
} from './data.ts';
import { toastOutcome } from './outcome.ts';

export function SitePolicyCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const sites = useSitePolicies();
  const setPolicy = useSetSitePolicy();

  const change = (site: SitePolicyRow, policy: BiometricPolicy) =>
    setPolicy.mutate(
      { siteId: site.id, policy },
      toastOutcome(feedback, t('biometricPolicy.saved', { site: site.name })),
    );

  return (
    <NotedTableCard<SitePolicyRow>
      texts="biometricPolicy"
      testId="biometric-policy-card"
      loading={sites.isLoading}
      dataSource={sites.data ?? []}
      columns={[
        { title: t('biometricPolicy.site'), dataIndex: 'name' },
        {
          title: t('biometricPolicy.policy'),
          dataIndex: 'biometric_policy',
          render: (policy: BiometricPolicy, site) => (
            <Select<BiometricPolicy>
              value={policy}
              disabled={!canEdit || setPolicy.isPending}
              style={{ minWidth: 260 }}
              aria-label={t('biometricPolicy.policyOf', { site: site.name })}
              onChange={(value) => change(site, value)}
              options={POLICIES.map((p) => ({ value: p, label: t(`biometricPolicy.policies.${p}`) }))}
            />
          ),
        },
      ]}
    />
  );
}
