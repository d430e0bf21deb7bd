import { FgtsStepScreen } from './fgts-step-screen';

/** /buyer/fgts/authorization: PIS/PASEP, the accounts (add and remove rows), full amount, company. */
export default function FgtsAuthorizationPage() {
  return <FgtsStepScreen stepKey="fgts_authorization" defaults={{ full_amount: false, has_company: false }} />;
}
