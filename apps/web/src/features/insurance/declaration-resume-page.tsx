import { Skeleton } from 'antd';
import { Navigate } from 'react-router';
import { firstUnanswered } from '@portal/domain/health-questionnaire';
import { questionPath, QUESTIONNAIRE_END, QUESTIONNAIRE_ENTRY } from '@portal/domain/insurance-navigation';
import { Page } from '../../components/page';
import { useInsuranceScreen } from './navigation';

/**
 * /buyer/seguradora: sends to the right child route — the company and consent before anything,
 * the first unanswered question, the proposal once all are answered, the review once confirmed.
 */
export default function DeclarationResumePage() {
  const { path, insurance, redirect } = useInsuranceScreen('party');
  if (redirect) return <Navigate to={redirect} replace />;
  const me = insurance.data?.me;
  if (me) {
    if (!me.consent) return <Navigate to={path(QUESTIONNAIRE_ENTRY)} replace />;
    if (me.completed) return <Navigate to={path('/buyer/seguradora/revisao')} replace />;
    const next = firstUnanswered(me.answered);
    return <Navigate to={path(next === null ? QUESTIONNAIRE_END : questionPath(next))} replace />;
  }
  return (
    <Page title="Seguradora">
      <Skeleton active paragraph={{ rows: 4 }} />
    </Page>
  );
}
