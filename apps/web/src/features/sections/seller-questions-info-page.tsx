import { positiveAnswers } from '@portal/domain/seller-sections';
import type { SectionExtension } from '../../components/section-form/section-form';
import { SellerSectionScreen } from './seller-section-screen';
import { SELLER_FIELD_UI } from './seller-field-ui';
import { useSubmittedValues } from './seller-section-values';
import { PlainAlert } from '../../components/plain-alert';

const QUESTIONS_UI = SELLER_FIELD_UI['seller-property-questions'];

/** Tells what the previous screen's answers ask for here: the "yes" answers to explain, the condominium fee. */
function useQuestionsNotice(): React.ReactNode {
  const questions = useSubmittedValues('seller-property-questions');
  const yes = positiveAnswers(questions);
  const condominium = questions?.is_condominium === 'yes';
  if (!yes.length && !condominium) return null;
  return (
    <PlainAlert
      type="info"
      className="form-alert"
      title="Pelas suas respostas anteriores"
      description={
        <ul className="notice-list">
          {yes.length ? (
            <li>Explique abaixo: {yes.map((q) => QUESTIONS_UI[q]!.label.replace(/\?$/, '')).join('; ')}.</li>
          ) : null}
          {condominium ? <li>O imóvel é de condomínio: informe o valor mensal do condomínio.</li> : null}
        </ul>
      }
    />
  );
}

const extension: SectionExtension = { useOnValues: useQuestionsNotice };

/** /seller/proposals/:proposalId/property/questions/info */
export default function QuestionsInfoPage() {
  return <SellerSectionScreen sectionKey="seller-property-info" extension={extension} />;
}
