import { FgtsStepScreen } from './fgts-step-screen';

/** /buyer/fgts/tax: the income tax form of FGTS (spec §3 "income_tax"). */
export default function FgtsTaxPage() {
  return <FgtsStepScreen stepKey="fgts_tax" />;
}
